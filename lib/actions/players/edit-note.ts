"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { NoteFields, NoteId } from "@/lib/player-notes/note-input";
import { editNote } from "@/lib/player-notes/notes";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** A note's author changes its text, tag or pin (docs/console.md, "Staff notes"). */
export const editNoteAction = defineAction(
  "notes:write",
  NoteFields.extend(NoteId.shape),
  async ({ id, ...note }, user, { actor }) => {
    const { chosen, connection } = await requireProject(user.id);
    await editNote(
      await consoleDb(),
      { projectGuid: connection.projectGuid, project: chosen.name },
      id,
      note,
      actor,
    );
    return { id };
  },
);
