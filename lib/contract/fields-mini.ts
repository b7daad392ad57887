import * as z from "zod/mini";
import { typeRule } from "./issues";
import { UUID_PATTERN } from "./uuid-pattern";

/**
 * The contract's field rules a browser form checks (fields.ts), written in zod/mini: the full zod
 * costs a page about 30 kB gzipped, its mini build a few (docs/console.md, "Bundle budget").
 * fields-mini.test.ts keeps each one answering exactly as its fields.ts original.
 */

export const uuid = z
  .string(typeRule("must be a string"))
  .check(z.regex(UUID_PATTERN, { error: "must be a UUID (32 hexadecimal digits as 8-4-4-4-12)" }));

export const wallet = z
  .string(typeRule("must be a string"))
  .check(
    z.minLength(1, { error: "must not be empty" }),
    z.maxLength(128, { error: "must be at most 128 characters" }),
  );
