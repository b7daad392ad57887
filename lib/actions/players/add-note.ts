"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { NewNote } from "@/lib/player-notes/note-input";
import { addNote } from "@/lib/player-notes/notes";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Support, managers and owners write a note on a player of the chosen project (docs/console.md, "Staff notes"). */
export const addNoteAction = defineAction(
  "notes:write",
  NewNote,
  async ({ customerId, ...note }, user, { actor }) => {
    const { chosen, connection } = await requireProject(user.id);
    return addNote(
      await consoleDb(),
      { projectGuid: connection.projectGuid, project: chosen.name, customerId },
      note,
      actor,
    );
  },
);
