"use server";
import "server-only";
import { z } from "zod";
import { operatorCustomerId } from "@/lib/contract/operator-customer-id";
import { consoleDb } from "@/lib/db/console-db";
import { rememberLookup } from "@/lib/players/lookups";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** A person opened a player from the search or lookup form: remembered for the console's own search. */
export const rememberLookupAction = defineAction(
  "players:read",
  z.object({
    customerId: operatorCustomerId,
  }),
  async ({ customerId }, user) => {
    const { connection } = await requireProject(user.id);
    await rememberLookup(await consoleDb(), connection.projectGuid, customerId);
    return { customerId };
  },
  // Nothing any page shows changes: no page is dropped from the browser's cache.
  { changesData: false },
);
