"use server";
import "server-only";
import { z } from "zod";
import { verifyAuditLog } from "@/lib/audit/audit-log";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";

/** The Audit page's Verify: the chain checked in the database (lib/audit/audit-log.ts). */
export const verifyAuditLogAction = defineAction(
  "audit:read",
  z.object({}),
  async () => verifyAuditLog(await consoleDb()),
  { changesData: false },
);
