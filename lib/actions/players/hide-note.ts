"use server";
import "server-only";
import { z } from "zod";
import { consoleDb } from "@/lib/db/console-db";
import { NoteId } from "@/lib/player-notes/note-input";
import { hideNote } from "@/lib/player-notes/notes";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** An owner hides anyone's note from everyone but owners, or shows it again (docs/console.md, "Staff notes"). */
export const hideNoteAction = defineAction(
  "notes:moderate",
  NoteId.extend({ hidden: z.boolean() }),
  async ({ id, hidden }, user, { actor }) => {
    const { chosen, connection } = await requireProject(user.id);
    await hideNote(
      await consoleDb(),
      { projectGuid: connection.projectGuid, project: chosen.name },
      id,
      hidden,
      actor,
    );
    return { id, hidden };
  },
);
