import { z } from "zod";
import { operatorCustomerId } from "@/lib/contract/operator-customer-id";
import { textProblem } from "@/lib/contract/text-rule";
import { NOTE_MAX_LENGTH, NOTE_TAGS } from "@/lib/model/player-notes";

/** What a note form sends (docs/console.md, "Staff notes"): each field refused naming its rule. */
export const NoteFields = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: "Note: write something" })
    .max(NOTE_MAX_LENGTH, { error: `Note: at most ${NOTE_MAX_LENGTH.toLocaleString("en")} characters` })
    .check((ctx) => {
      const problem = textProblem(ctx.value, { multiLine: true });
      if (problem) ctx.issues.push({ code: "custom", message: `Note ${problem}`, input: ctx.value });
    }),
  tag: z.enum(NOTE_TAGS, { error: `Tag: choose one of ${NOTE_TAGS.join(", ")}, or none` }).nullable(),
  pinned: z.boolean(),
});

/** A new note: its player too, by the console's one Customer ID rule. */
export const NewNote = NoteFields.extend({
  customerId: operatorCustomerId,
});

export const NoteId = z.object({ id: z.number().int().positive({ error: "Note: not a note" }) });
