import type { z } from "zod";

/** `Tokens[0].Amount` from a zod path. */
export function fieldPath(path: readonly PropertyKey[], root = ""): string {
  let out = root;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "body";
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // zod's own type message ("Invalid input: expected string, received undefined"); our schemas
  // give their own sentence through `typeRule`.
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
    if (/received undefined$/.test(issue.message)) return "is required";
    return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
  }
  return issue.message;
}

/**
 * A type error that says "is required" when the field is missing and `message` otherwise —
 * decided in the error map, the one place zod shows the input.
 */
export function typeRule(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : message) };
}

/**
 * One sentence a person can act on, naming each field and its rule (docs/service.md, "Envelope and errors", rule 1):
 * `Tokens[0].Amount must have at most 18 decimal places; Wallet is required ...`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = "", limit = 3): string {
  const parts = issues
    .slice(0, limit)
    .map((issue) => `${fieldPath(issue.path, root)} ${describeIssue(issue)}`);
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : "";
  return `${parts.join("; ")}${more}.`;
}
