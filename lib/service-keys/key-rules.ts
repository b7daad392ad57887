import { typedAmountProblem } from "@/lib/contract/decimal";
import { fieldPath } from "@/lib/contract/issues";
import { KEY_SCOPE_NAMES, type KeyScope } from "@/lib/contract/key-scopes";
import { textProblem } from "@/lib/contract/text-rule";

/**
 * The Create key form's rules with no schema library (docs/console.md, "Keys and Requests"): the
 * browser's form and the server action's schema (key-input.ts) both read them, so their words
 * are the same. The service checks the body again with its own contract.
 */

/** What each of the contract's key scopes (lib/contract/key-scopes.ts) lets a key do, in words. */
const SCOPE_WORDS: Record<KeyScope, { label: string; description: string }> = {
  read: { label: "Read", description: "catalogue, players, items, the wallet, award records" },
  award: { label: "Award", description: "AwardTokens" },
  fund: { label: "Fund", description: "FundWallet" },
  keys: { label: "Keys", description: "manage keys and read the request log" },
  reverse: { label: "Reverse", description: "ReverseAward: take back or cancel awards" },
};
/** The form's scope boxes, in the contract's order. */
export const KEY_SCOPES = KEY_SCOPE_NAMES.map((name) => ({ name, ...SCOPE_WORDS[name] }));

/** How long a rolled key keeps working: the roll dialog's choices (the service takes 0 to 30 days). */
export const GRACE_CHOICES = [
  { seconds: 3600, label: "1 hour" },
  { seconds: 86_400, label: "24 hours" },
  { seconds: 604_800, label: "7 days" },
] as const;
export const DEFAULT_GRACE_SECONDS = 86_400;

export const KEY_NAME_MAX = 200;
export const CAPS_MAX = 100;

/** One per-token daily cap as typed: a token GUID from the catalogue and an amount. */
export interface CapLine {
  token: string;
  daily: string;
}

/** A problem with one field of the form, named as the action's fieldErrors name it (`caps[0].daily`). */
export interface FieldProblem {
  field: string;
  message: string;
}

const problem = (path: (string | number)[], message: string): FieldProblem => ({
  field: fieldPath(path),
  message,
});

export function keyNameProblem(name: string): string | null {
  const text = name.trim();
  if (text === "") return "must not be empty: say what uses the key (a game server, a tool)";
  if (text.length > KEY_NAME_MAX) return `must be at most ${KEY_NAME_MAX} characters`;
  // The service's rule for every text it stores, in its words.
  return textProblem(text);
}

export function scopesProblem(scopes: readonly string[]): string | null {
  if (scopes.length === 0) return "must name at least one scope";
  const unknown = scopes.find((scope) => !(KEY_SCOPE_NAMES as readonly string[]).includes(scope));
  return unknown === undefined
    ? null
    : `must each be one of ${KEY_SCOPE_NAMES.join(", ")}: "${unknown}" is not`;
}

/**
 * The expiry the service is sent for a UTC day typed in the form: the key works through that
 * day (until 23:59:59 UTC). Empty means no expiry. A day already over is refused.
 */
export function expiryOfDay(
  day: string,
  now: Date,
): { ok: true; expiresAt: string } | { ok: false; message: string } {
  const text = day.trim();
  if (text === "") return { ok: true, expiresAt: "" };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const at = match ? new Date(`${text}T23:59:59Z`) : null;
  if (!match || !at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text)
    return { ok: false, message: "must be a day written 2027-01-31, or empty for no expiry" };
  if (at.getTime() <= now.getTime()) return { ok: false, message: "must be today or a later day (UTC)" };
  return { ok: true, expiresAt: at.toISOString().replace(/\.\d{3}Z$/, "Z") };
}

/** A cap's daily amount: an exact decimal greater than 0, as the service stores it. */
export function capAmountProblem(typed: string): string | null {
  const text = typed.trim();
  if (text === "") return "is required: the most the key may award of the token in 24 hours";
  const problem = typedAmountProblem(text, "must be a number like 1000 or 0.5");
  if (problem) return problem;
  if (/^[0.]+$/.test(text))
    return "must be greater than 0 (to stop a key awarding a token, leave out the award scope)";
  return null;
}

/**
 * The caps' problems, each naming its field and rule: a token chosen once, among the project's
 * tokens when they are known (`tokens`), and an amount. No caps at all is fine (no cap).
 */
export function capsProblems(
  caps: readonly CapLine[],
  tokens?: readonly { guid: string; symbol: string }[],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (caps.length > CAPS_MAX) problems.push(problem(["caps"], `must be at most ${CAPS_MAX} caps`));
  const seen = new Map<string, number>();
  caps.forEach((cap, index) => {
    const token = cap.token.trim().toLowerCase();
    if (token === "")
      problems.push(problem(["caps", index, "token"], "must name one of the project's tokens"));
    else if (tokens && !tokens.some((t) => t.guid.toLowerCase() === token))
      problems.push(problem(["caps", index, "token"], "is not one of the project's tokens (any more)"));
    else if (seen.has(token))
      problems.push(
        problem(
          ["caps", index, "token"],
          `repeats the token of cap ${(seen.get(token) ?? 0) + 1}: give each token one cap`,
        ),
      );
    if (token !== "" && !seen.has(token)) seen.set(token, index);
    const amount = capAmountProblem(cap.daily);
    if (amount) problems.push(problem(["caps", index, "daily"], amount));
  });
  return problems;
}

/** What the Create key form holds. */
export interface KeyForm {
  name: string;
  scopes: string[];
  /** A UTC day, or "" for no expiry. */
  expiresOn: string;
  caps: CapLine[];
}

/** Every problem of the form, field by field, in the form's order. */
export function keyFormProblems(
  form: KeyForm,
  now: Date,
  tokens?: readonly { guid: string; symbol: string }[],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = keyNameProblem(form.name);
  if (name) problems.push(problem(["name"], name));
  const scopes = scopesProblem(form.scopes);
  if (scopes) problems.push(problem(["scopes"], scopes));
  const expiry = expiryOfDay(form.expiresOn, now);
  if (!expiry.ok) problems.push(problem(["expiresOn"], expiry.message));
  problems.push(...capsProblems(form.caps, tokens));
  return problems;
}
