import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type AuditActor, audited } from "@/lib/audit/audit-log";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { playerNotes } from "@/lib/db/schema";
import { NOTE_TAG_LABELS, type NoteTag, type PinnedNote, type PlayerNote } from "@/lib/model/player-notes";
import { UserFacingError } from "@/lib/model/user-facing-error";

/**
 * Staff notes on a player (docs/console.md, "Staff notes"): the only code that writes
 * console.player_notes. Each change and its audit line are one transaction; only a note's author
 * edits or deletes it, and only an owner hides one (the actions check the permission, this the
 * authorship).
 */

/** Where a note belongs: the chosen project (by GUID, and by name for the audit log) and the player. */
export interface NotePlace {
  projectGuid: string;
  project: string;
  customerId: string;
}

export interface NoteInput {
  text: string;
  tag: NoteTag | null;
  pinned: boolean;
}

const iso = (at: Date) => at.toISOString();

/** The audit line's words for a note: the player, the tag, and the start of its text. */
const described = (customerId: string, note: { text: string; tag: NoteTag | null }) =>
  `${customerId}${note.tag ? ` [${NOTE_TAG_LABELS[note.tag]}]` : ""}: ${note.text.length > 80 ? `${note.text.slice(0, 80)}…` : note.text}`;

/** A player's notes, pinned first, then newest first; notes an owner hid are shown to owners only. */
export async function readPlayerNotes(
  db: ConsoleDb,
  projectGuid: string,
  customerId: string,
  reader: { email: string; seesHidden: boolean },
): Promise<PlayerNote[]> {
  const rows = await db
    .select()
    .from(playerNotes)
    .where(
      and(
        eq(playerNotes.projectGuid, canonicalGuid(projectGuid)),
        eq(playerNotes.customerId, customerId),
        reader.seesHidden ? undefined : isNull(playerNotes.hiddenBy),
      ),
    )
    .orderBy(desc(playerNotes.pinned), desc(playerNotes.createdAt), desc(playerNotes.id));
  return rows.map((row) => ({
    id: row.id,
    authorEmail: row.authorEmail,
    text: row.text,
    tag: row.tag ?? null,
    pinned: row.pinned,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    hiddenBy: row.hiddenBy,
    mine: row.authorEmail === reader.email,
  }));
}

/** The pinned notes (not hidden) of these players, newest first: the award form and the bulk dry run show them. */
export async function pinnedNotes(
  db: ConsoleDb,
  projectGuid: string,
  customerIds: readonly string[],
): Promise<PinnedNote[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(playerNotes)
    .where(
      and(
        eq(playerNotes.projectGuid, canonicalGuid(projectGuid)),
        inArray(playerNotes.customerId, [...new Set(customerIds)]),
        eq(playerNotes.pinned, true),
        isNull(playerNotes.hiddenBy),
      ),
    )
    .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id));
  return rows.map((row) => ({
    customerId: row.customerId,
    authorEmail: row.authorEmail,
    text: row.text,
    tag: row.tag ?? null,
    createdAt: iso(row.createdAt),
  }));
}

export async function addNote(db: ConsoleDb, place: NotePlace, input: NoteInput, actor: AuditActor) {
  return audited(
    db,
    actor,
    async (tx) => {
      const [row] = await tx
        .insert(playerNotes)
        .values({
          projectGuid: canonicalGuid(place.projectGuid),
          customerId: place.customerId,
          authorId: actor.id,
          authorEmail: actor.email,
          text: input.text,
          tag: input.tag,
          pinned: input.pinned,
        })
        .returning({ id: playerNotes.id });
      return { id: (row as { id: number }).id };
    },
    ({ id }) => ({
      kind: "note.added",
      project: place.project,
      summary: `${input.pinned ? "Pinned note" : "Note"} on ${described(place.customerId, input)}`,
      detail: { noteId: id, customerId: place.customerId, tag: input.tag, pinned: input.pinned },
    }),
  );
}

/** The note of this project, or a refusal a person can read. */
async function ownedNote(tx: ConsoleDb, projectGuid: string, id: number, author: string | null) {
  const [row] = await tx
    .select()
    .from(playerNotes)
    .where(and(eq(playerNotes.id, id), eq(playerNotes.projectGuid, canonicalGuid(projectGuid))))
    .for("update");
  if (!row) throw new UserFacingError("That note does not exist any more: reload the page.", { status: 404 });
  if (author !== null && row.authorEmail !== author)
    throw new UserFacingError("Only the note's author can change or delete it.", { status: 403 });
  return row;
}

export async function editNote(
  db: ConsoleDb,
  place: Omit<NotePlace, "customerId">,
  id: number,
  input: NoteInput,
  actor: AuditActor,
) {
  return audited(
    db,
    actor,
    async (tx) => {
      const before = await ownedNote(tx, place.projectGuid, id, actor.email);
      await tx
        .update(playerNotes)
        .set({ text: input.text, tag: input.tag, pinned: input.pinned, updatedAt: sql`now()` })
        .where(eq(playerNotes.id, id));
      return before;
    },
    (before) => ({
      kind: "note.edited",
      project: place.project,
      summary: `Note on ${described(before.customerId, input)}`,
      detail: {
        noteId: id,
        customerId: before.customerId,
        before: before.text,
        tag: input.tag,
        pinned: input.pinned,
      },
    }),
  );
}

export async function deleteNote(
  db: ConsoleDb,
  place: Omit<NotePlace, "customerId">,
  id: number,
  actor: AuditActor,
) {
  return audited(
    db,
    actor,
    async (tx) => {
      const before = await ownedNote(tx, place.projectGuid, id, actor.email);
      await tx.delete(playerNotes).where(eq(playerNotes.id, id));
      return before;
    },
    (before) => ({
      kind: "note.deleted",
      project: place.project,
      summary: `Note on ${described(before.customerId, { text: before.text, tag: before.tag ?? null })}`,
      detail: { noteId: id, customerId: before.customerId, text: before.text },
    }),
  );
}

/** An owner hides a note from everyone but owners, or shows it again. */
export async function hideNote(
  db: ConsoleDb,
  place: Omit<NotePlace, "customerId">,
  id: number,
  hidden: boolean,
  actor: AuditActor,
) {
  return audited(
    db,
    actor,
    async (tx) => {
      const before = await ownedNote(tx, place.projectGuid, id, null);
      await tx
        .update(playerNotes)
        .set({ hiddenBy: hidden ? actor.email : null })
        .where(eq(playerNotes.id, id));
      return before;
    },
    (before) => ({
      kind: "note.hidden",
      project: place.project,
      summary: `${hidden ? "Hid" : "Showed again"} ${before.authorEmail}'s note on ${before.customerId}`,
      detail: { noteId: id, customerId: before.customerId, hidden },
    }),
  );
}
