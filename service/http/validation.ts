import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";

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

/** Validates a request part with its zod schema, keeping the parsed (transformed) value. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new ValidationFailure(result.error.issues, httpPart ?? "body") };
  };
