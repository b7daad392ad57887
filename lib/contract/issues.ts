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

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
  if (issue.code === "invalid_type") return `must be ${issue.expected === "object" ? "an object" : `a ${issue.expected}`}`;
  return issue.message;
}

/**
 * One sentence a person can act on, naming each field and its rule (DESIGN §3 rule 1):
 * `Tokens[0].Amount must have at most 18 decimal places; Wallet is required ...`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = "", limit = 3): string {
  const parts = issues.slice(0, limit).map((issue) => `${fieldPath(issue.path, root)} ${describe(issue)}`);
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : "";
  return `${parts.join("; ")}${more}.`;
}
