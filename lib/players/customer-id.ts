import { z } from "zod";
import { customerId } from "@/lib/contract/fields";

/**
 * Invisible characters that change an ID without showing on screen: zero-width spaces and
 * joiners, direction marks and embeddings, word joiners, the byte-order mark.
 */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

/**
 * A Customer ID as a person types, pastes or uploads it (docs/console.md, "Customer IDs"): white
 * space around it is dropped — a game's ID never starts or ends with a space, and one pasted with
 * a trailing space would pay a player nobody can log in as — then the contract's rule applies
 * (1–128 characters, no control characters, not "." or ".."), and invisible characters are
 * refused anywhere. The service stays exact and stores what it is sent; this is the console
 * protecting its operator, on every path that reaches the service (form, lookup, bulk file).
 */
export const operatorCustomerId = z
  .string({ error: "must be text" })
  .trim()
  .pipe(customerId)
  .refine((value) => !INVISIBLE.test(value), {
    error: "must not contain invisible characters (zero-width spaces or direction marks)",
  });

/** The ID to send, or the rule it breaks (for places that check one value outside a form schema). */
export function checkCustomerId(raw: string): { ok: true; id: string } | { ok: false; problem: string } {
  const parsed = operatorCustomerId.safeParse(raw);
  if (parsed.success) return { ok: true, id: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.message ?? "is not valid" };
}
