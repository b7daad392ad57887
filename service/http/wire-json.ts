import type { FastifySerializerCompiler } from "fastify";
import type { z } from "zod";

/**
 * Customer token `Total` is text in TypeScript but a JSON number on the wire, written with every
 * digit of the exact sum (DESIGN §3 rule 7). JSON.stringify writes it quoted; this unquotes it.
 * Only our own canonical decimal text can match: a quote inside any string is escaped.
 */
const QUOTED_TOTAL = /"Total":"(-?\d+(?:\.\d+)?)"/g;

export function stringifyWithRawTotals(body: unknown): string {
  return JSON.stringify(body).replace(QUOTED_TOTAL, '"Total":$1');
}

/**
 * Serializes responses; with `validate` on, each body is first checked against the route's
 * strict contract schema, so the service cannot send what the contract does not say.
 */
export function serializerCompiler(options: { validate: boolean; rawTotalsUrls: ReadonlySet<string> }) {
  const compiler: FastifySerializerCompiler<z.ZodType> = ({ schema, url }) => {
    const stringify = options.rawTotalsUrls.has(url) ? stringifyWithRawTotals : JSON.stringify;
    if (!options.validate) return (data) => stringify(data);
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(
          `Response for ${url} breaks the contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
        );
      }
      return stringify(data);
    };
  };
  return compiler;
}
