"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { NoteId } from "@/lib/player-notes/note-input";
import { deleteNote } from "@/lib/player-notes/notes";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** A note's author deletes it; the audit log keeps what it said (docs/console.md, "Staff notes"). */
export const deleteNoteAction = defineAction("notes:write", NoteId, async ({ id }, user, { actor }) => {
  const { chosen, connection } = await requireProject(user.id);
  await deleteNote(
    await consoleDb(),
    { projectGuid: connection.projectGuid, project: chosen.name },
    id,
    actor,
  );
  return { id };
});
