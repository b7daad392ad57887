import type { FastifyInstance } from "fastify";
import { parse } from "lossless-json";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { ServiceError } from "../domain/service-error";

export const BODY_LIMIT = 64 * 1024;

/**
 * Replaces Fastify's JSON parser with a lossless one: every number literal arrives as a
 * `NumberLiteral` holding its exact text, so `1234567.000000000000000001` keeps its last digit
 * and 19 decimals are refused rather than rounded (docs/service.md, "Awards", rule 13).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: BODY_LIMIT },
    (_request, text, done) => {
      let body: unknown;
      try {
        body = parse(text as string, undefined, (literal) => new NumberLiteral(literal));
      } catch (error) {
        const detail = error instanceof Error ? error.message.replace(/\s+/g, " ").slice(0, 120) : "";
        done(new ServiceError("INVALID_REQUEST", 400, `Body is not valid JSON (${detail}).`), undefined);
        return;
      }
      done(null, body);
    },
  );
}

export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return (
    typeof body === "object" && body !== null && !Array.isArray(body) && !(body instanceof NumberLiteral)
  );
}
