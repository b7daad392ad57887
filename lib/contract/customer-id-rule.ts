import { textProblem } from "./text-rule";

/**
 * The Customer ID rule of the contract (docs/service.md, "Identifiers"), as plain functions with
 * no schema library, so that a browser form can check an ID without shipping one: 1–128 code
 * points, the rule of all stored text (well-formed, no control characters), not `.` or `..` (a
 * URL path cannot carry them).
 */

export const CUSTOMER_ID_MAX = 128;

/** The rule an exact Customer ID breaks, or null. */
export function customerIdProblem(value: string): string | null {
  if (value.length === 0) return "must not be empty";
  if ([...value].length > CUSTOMER_ID_MAX) return `must be at most ${CUSTOMER_ID_MAX} characters`;
  const textRule = textProblem(value);
  if (textRule) return textRule;
  if (value === "." || value === "..") return 'must not be "." or ".."';
  return null;
}

/**
 * Invisible characters that change an ID without showing on screen: zero-width spaces and
 * joiners, direction marks and embeddings, word joiners, the byte-order mark.
 */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

/**
 * A Customer ID as a person types, pastes or uploads it (docs/console.md, "Customer IDs"): white
 * space around it is dropped — a game's ID never starts or ends with a space, and one pasted with
 * a trailing space would pay a player nobody can log in as — then the contract's rule applies,
 * and invisible characters are refused anywhere. The service stays exact and stores what it is
 * sent; this is the console protecting its operator, on every path that reaches the service.
 */
export function checkCustomerId(raw: string): { ok: true; id: string } | { ok: false; problem: string } {
  const id = raw.trim();
  const problem =
    customerIdProblem(id) ??
    (INVISIBLE.test(id)
      ? "must not contain invisible characters (zero-width spaces or direction marks)"
      : null);
  return problem ? { ok: false, problem } : { ok: true, id };
}
