import "server-only";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import type { PinnedNote, PlayerNote } from "@/lib/model/player-notes";
import { pinnedNotes, readPlayerNotes } from "./notes";

/** A player's notes as its page shows them to this person (hidden ones to owners only). */
export async function readNotesForPage(
  user: Pick<ConsoleUser, "email" | "role">,
  projectGuid: string,
  customerId: string,
): Promise<PlayerNote[]> {
  return readPlayerNotes(await consoleDb(), projectGuid, customerId, {
    email: user.email,
    seesHidden: can(user.role, "notes:moderate"),
  });
}

/** The pinned notes of these players (the award form, the bulk dry run). */
export async function readPinnedNotes(
  projectGuid: string,
  customerIds: readonly string[],
): Promise<PinnedNote[]> {
  return pinnedNotes(await consoleDb(), projectGuid, customerIds);
}
