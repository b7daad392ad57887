import type { z } from "zod";
import { fieldPath } from "./issues";

/**
 * A form's errors by field from zod's issues: the first rule each field broke, keyed by its path
 * (`lines[0].amount`), so the form shows each beside its field.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[fieldPath(issue.path)] ??= issue.message;
  return errors;
}
