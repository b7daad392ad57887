import { z } from "zod";
import { NumberLiteral } from "@/lib/contract/number-literal";

/** The literals of a JSON answer that are whole numbers a `number` holds exactly, as numbers. */
function plainWholeNumbers(value: unknown): unknown {
  if (value instanceof NumberLiteral) return /^-?\d{1,15}$/.test(value.text) ? Number(value.text) : value;
  if (Array.isArray(value)) return value.map(plainWholeNumbers);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainWholeNumbers(inner)]));
  return value;
}

/**
 * A contract schema whose numbers are ids, statuses and counts (`z.number()`), for callService:
 * it reads every JSON number as the literal's text (amounts keep every digit), and these answers
 * carry no amount as a number, so whole literals become numbers before the schema checks them.
 * A fraction or a literal too long for a double stays a literal, and the schema refuses it.
 */
export function withWholeNumbers<S extends z.ZodType>(schema: S) {
  return z.preprocess(plainWholeNumbers, schema);
}
