import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import { illFormedProblem, loneSurrogateIn } from "@/lib/contract/text-rule";

/** A request part that broke its contract schema; its message names each field and rule. */
export class ValidationFailure extends Error {
  readonly statusCode = 400;
  constructor(issues: readonly z.core.$ZodIssue[], part: string) {
    const where = part === "querystring" ? "query parameter " : part === "params" ? "path parameter " : "";
    super(
      describeIssues(issues, "")
        .replace(/(^|; )/g, `$1${where}`)
        .replace(/^./, (c) => c.toUpperCase()),
    );
    this.name = "ValidationFailure";
  }
}

/**
 * The first text in a request part that is not well-formed Unicode — a lone surrogate, which
 * JSON's `\ud800` escape can carry — as a zod-style issue naming where it is (docs/service.md,
 * "Identifiers and parameters"). Such text has no UTF-8 form: the database would store every
 * lone surrogate as the same replacement character, so two different IDs would become one.
 * Every string value and field name of every part is checked, known fields or not.
 */
export function illFormedText(data: unknown, path: PropertyKey[] = []): z.core.$ZodIssue | null {
  if (typeof data === "string") {
    const message = illFormedProblem(data);
    return message ? { code: "custom", path, input: undefined, message } : null;
  }
  if (Array.isArray(data)) {
    for (const [index, item] of data.entries()) {
      const issue = illFormedText(item, [...path, index]);
      if (issue) return issue;
    }
    return null;
  }
  if (data === null || typeof data !== "object") return null;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return null; // e.g. a NumberLiteral
  for (const [key, value] of Object.entries(data)) {
    const surrogate = loneSurrogateIn(key);
    if (surrogate) {
      return {
        code: "custom",
        path,
        input: undefined,
        message: `must not have a field name that is not well-formed Unicode text (a lone surrogate, ${surrogate})`,
      };
    }
    const issue = illFormedText(value, [...path, key]);
    if (issue) return issue;
  }
  return null;
}

/**
 * Validates a request part with its zod schema, keeping the parsed (transformed) value. Text
 * that is not well-formed Unicode is refused first, here, for every part of every route.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const illFormed = illFormedText(data);
    if (illFormed) return { error: new ValidationFailure([illFormed], httpPart ?? "body") };
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new ValidationFailure(result.error.issues, httpPart ?? "body") };
  };
