"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { MarkReadInput } from "@/lib/notifications/rule-input";
import { markRead } from "@/lib/notifications/rules";
import { defineAction } from "../define-action";

/** The bell: marks the person's own notifications read (every role, only their own). */
export const markNotificationsReadAction = defineAction(
  "account:manage",
  MarkReadInput,
  async (input, user) => ({ marked: await markRead(await consoleDb(), user.id, input.ids) }),
  // The bell reads again by itself: no page needs to be dropped for it.
  { changesData: false },
);
