import type { FastifySerializerCompiler } from "fastify";
import type { z } from "zod";

/**
 * Customer token `Total` is text in TypeScript but a JSON number on the wire, written with every
 * digit of the exact sum (docs/service.md, "Values", rule 7). JSON.stringify writes it quoted; this unquotes it.
 * Only our own canonical decimal text can match: a quote inside any string is escaped.
 */
const QUOTED_TOTAL = /"Total":"(-?\d+(?:\.\d+)?)"/g;

export function stringifyWithRawTotals(body: unknown): string {
  return JSON.stringify(body).replace(QUOTED_TOTAL, '"Total":$1');
}

export interface JsonWriting {
  /** Check the body against the route's strict contract schema first. */
  validate: boolean;
  /** Write customer token `Total`s as JSON numbers. */
  rawTotals: boolean;
}

/**
 * The JSON text of a response body; with `validate` on, the body is first checked against the
 * route's strict contract schema, so the service cannot send what the contract does not say.
 */
export function writeJson(
  schema: z.ZodType,
  url: string | undefined,
  data: unknown,
  options: JsonWriting,
): string {
  if (options.validate) {
    const checked = schema.safeParse(data);
    if (!checked.success) {
      throw new Error(
        `Response for ${url} breaks the contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
      );
    }
  }
  return options.rawTotals ? stringifyWithRawTotals(data) : JSON.stringify(data);
}

/** Serializes responses with `writeJson`. */
export function serializerCompiler(options: { validate: boolean; rawTotalsUrls: ReadonlySet<string> }) {
  const compiler: FastifySerializerCompiler<z.ZodType> = ({ schema, url }) => {
    const writing = { validate: options.validate, rawTotals: options.rawTotalsUrls.has(url) };
    return (data) => writeJson(schema, url, data, writing);
  };
  return compiler;
}
