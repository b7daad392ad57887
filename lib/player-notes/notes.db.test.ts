import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuditActor, readAuditPage } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { OTHER_PROJECT, PROJECT } from "@/testing/service/fixtures";
import { addNote, deleteNote, editNote, hideNote, pinnedNotes, readPlayerNotes } from "./notes";

/** Staff notes (docs/console.md, "Staff notes"): who may change what, what is shown to whom, and the audit trail. */

let database: ConsoleDatabase;
let support: AuditActor;
let manager: AuditActor;
let owner: AuditActor;
const actor = async (email: string, role: "support" | "manager" | "owner"): Promise<AuditActor> => ({
  id: (await createUser(database.db, { email, role, password: "long enough pw" })).id,
  email,
  client: "test",
  userAgent: "test",
});
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  support = await actor("sue@studio.test", "support");
  manager = await actor("max@studio.test", "manager");
  owner = await actor("olga@studio.test", "owner");
});
afterEach(async () => {
  await database.close();
});

const place = { projectGuid: PROJECT, project: "Test project", customerId: "hana-1" };
const reader = (who: AuditActor, seesHidden = false) => ({ email: who.email, seesHidden });

describe("staff notes", () => {
  it("lists pinned notes first, then newest; pinned ones of the player reach the award form, per project", async () => {
    await addNote(database.db, place, { text: "Asked about a refund.", tag: null, pinned: false }, manager);
    const { id: pinned } = await addNote(
      database.db,
      place,
      { text: "Already compensated on 27 Nov.", tag: "compensated", pinned: true },
      support,
    );
    await addNote(database.db, place, { text: "Called again.", tag: null, pinned: false }, manager);
    await addNote(
      database.db,
      { ...place, projectGuid: OTHER_PROJECT },
      { text: "Elsewhere", tag: null, pinned: true },
      support,
    );
    const notes = await readPlayerNotes(database.db, PROJECT, "hana-1", reader(support));
    expect(notes.map((note) => [note.text, note.mine])).toEqual([
      ["Already compensated on 27 Nov.", true],
      ["Called again.", false],
      ["Asked about a refund.", false],
    ]);
    expect(await pinnedNotes(database.db, PROJECT.toUpperCase(), ["hana-1", "someone-else"])).toEqual([
      expect.objectContaining({ customerId: "hana-1", authorEmail: support.email, tag: "compensated" }),
    ]);
    expect(notes[0]?.id).toBe(pinned);
  });

  it("only the author edits or deletes a note; the audit log keeps each change", async () => {
    const { id } = await addNote(
      database.db,
      place,
      { text: "Fraud? Check.", tag: "fraud-watch", pinned: false },
      support,
    );
    await expect(
      editNote(database.db, place, id, { text: "Changed by another", tag: null, pinned: false }, manager),
    ).rejects.toThrow("Only the note's author can change or delete it.");
    await expect(deleteNote(database.db, place, id, owner)).rejects.toThrow("Only the note's author");
    await editNote(
      database.db,
      place,
      id,
      { text: "Fraud watch: two chargebacks.", tag: "fraud-watch", pinned: true },
      support,
    );
    const [edited] = await readPlayerNotes(database.db, PROJECT, "hana-1", reader(manager));
    expect(edited).toMatchObject({ text: "Fraud watch: two chargebacks.", pinned: true, mine: false });
    await deleteNote(database.db, place, id, support);
    expect(await readPlayerNotes(database.db, PROJECT, "hana-1", reader(support))).toEqual([]);
    // A note of another project is not this project's to change.
    const { id: theirs } = await addNote(
      database.db,
      { ...place, projectGuid: OTHER_PROJECT },
      { text: "x", tag: null, pinned: false },
      support,
    );
    await expect(deleteNote(database.db, place, theirs, support)).rejects.toThrow("does not exist any more");
    const kinds = (await readAuditPage(database.db, {}, { limit: 20 })).rows.map((row) => row.kind);
    // Newest first; the refused changes wrote nothing.
    expect(kinds.filter((kind) => kind.startsWith("note."))).toEqual([
      "note.added",
      "note.deleted",
      "note.edited",
      "note.added",
    ]);
  });

  it("an owner hides a note from everyone but owners, and shows it again", async () => {
    const { id } = await addNote(
      database.db,
      place,
      { text: "Rude words", tag: null, pinned: true },
      support,
    );
    await hideNote(database.db, place, id, true, owner);
    expect(await readPlayerNotes(database.db, PROJECT, "hana-1", reader(manager))).toEqual([]);
    expect(await readPlayerNotes(database.db, PROJECT, "hana-1", reader(support))).toEqual([]);
    expect(await pinnedNotes(database.db, PROJECT, ["hana-1"])).toEqual([]);
    const [seen] = await readPlayerNotes(database.db, PROJECT, "hana-1", reader(owner, true));
    expect(seen).toMatchObject({ hiddenBy: owner.email });
    await hideNote(database.db, place, id, false, owner);
    expect(await readPlayerNotes(database.db, PROJECT, "hana-1", reader(manager))).toHaveLength(1);
  });
});
