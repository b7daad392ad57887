import { z } from "zod";
import { customerIdProblem } from "./customer-id-rule";
import { decimalProblem, MAX_DECIMALS, MAX_INTEGER_DIGITS } from "./decimal";
import { typeRule } from "./issues";
import { NumberLiteral } from "./number-literal";
import { textProblem } from "./text-rule";
import { UUID_PATTERN } from "./uuid-pattern";

export { UUID_PATTERN };

export const uuid = z
  .string(typeRule("must be a string"))
  .regex(UUID_PATTERN, { error: "must be a UUID (32 hexadecimal digits as 8-4-4-4-12)" });

/** The game's own player identifier: 1–128 code points, no control characters, not `.`/`..`. */
export const customerId = z.string(typeRule("must be a string")).check((ctx) => {
  const problem = customerIdProblem(ctx.value);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
});

/**
 * Text the service stores (a Wallet, a key's Name): well-formed Unicode, no control characters —
 * the rule a CustomerID follows too (lib/contract/text-rule.ts).
 */
export const storedText = (typeMessage = "must be a string") =>
  z.string(typeRule(typeMessage)).check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  });

/** An item's TokenID: a uint256 written in decimal digits. */
export const tokenId = z
  .string(typeRule("must be a string"))
  .regex(/^\d{1,78}$/, { error: "must be 1 to 78 decimal digits" });

/** Wallet addresses are opaque text up to 128 characters; chain formats are checked by the domain. */
export const wallet = storedText()
  .min(1, { error: "must not be empty" })
  .max(128, { error: "must be at most 128 characters" });

const AMOUNT_RULE = `a number greater than 0 with at most ${MAX_INTEGER_DIGITS} integer digits and ${MAX_DECIMALS} decimal places`;

/**
 * An award amount as it arrives: the exact text of a JSON number literal (no exponent, no
 * sign), greater than 0, within NUMERIC(78,18). Output is the literal's text; the domain
 * canonicalises it.
 */
export const amountLiteral = z
  .custom<NumberLiteral>(
    (value) => value instanceof NumberLiteral,
    typeRule(`must be a JSON number (not a string): ${AMOUNT_RULE}`),
  )
  .transform((literal) => literal.text)
  .check((ctx) => {
    const text = ctx.value;
    const problem = /^\d+(\.\d+)?$/.test(text) ? decimalProblem(text) : "format";
    const message =
      problem === "format"
        ? `must be a plain number without sign or exponent: ${AMOUNT_RULE}`
        : problem === "integerDigits"
          ? `must have at most ${MAX_INTEGER_DIGITS} integer digits`
          : problem === "decimals"
            ? `must have at most ${MAX_DECIMALS} decimal places`
            : /^[0.]+$/.test(text)
              ? "must be greater than 0"
              : null;
    if (message) ctx.issues.push({ code: "custom", message, input: text });
  })
  .meta({ type: "number", description: `JSON number literal, read exactly: ${AMOUNT_RULE}` });

/** A decimal amount written as canonical text in our own responses ("10", "0.5"). */
export const decimalText = z
  .string()
  .regex(/^-?\d+(\.\d*[1-9])?$/)
  .meta({ description: "Exact decimal as canonical text: no exponent, no trailing zeros" });

/** A price amount on the wire: exactly three decimals ("9.990"). */
export const priceText = z
  .string()
  .regex(/^-?\d+\.\d{3}$/)
  .meta({ description: "Decimal with exactly three decimals" });

/** ISO 8601 UTC to the second, or "" when unset. */
export const dateText = z
  .string()
  .regex(/^(|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/)
  .meta({ description: 'ISO 8601 UTC to the second (2026-01-31T00:00:00Z), "" when unset' });

/**
 * A whole JSON number from a body (the service reads numbers losslessly, as their text), within
 * `min`..`max`.
 */
export const wholeNumber = (min: number, max: number, rule: string) =>
  z
    .custom<NumberLiteral>((value) => value instanceof NumberLiteral, typeRule(`must be a number: ${rule}`))
    .transform((literal) => literal.text)
    .check((ctx) => {
      if (!/^\d{1,10}$/.test(ctx.value) || Number(ctx.value) < min || Number(ctx.value) > max)
        ctx.issues.push({ code: "custom", message: `must be ${rule}`, input: ctx.value });
    })
    .transform(Number)
    .meta({ type: "integer", minimum: min, maximum: max });

const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A time of the calendar: the pattern alone lets 2027-02-30 and 24:00 through (JavaScript rolls them over). */
const realTime = (value: string) => {
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === value.slice(0, 19);
};

/** An ISO 8601 UTC time of the calendar, from a query or a body. */
export const utcTimeText = z
  .string()
  .regex(UTC_TIME, { error: "must be an ISO 8601 UTC time (2027-01-31T00:00:00Z)", abort: true })
  .refine(realTime, { error: "must be a time that exists (2027-01-31T00:00:00Z)" });

/** A page's cursor in a query: the NextCursor (a row id) of the page before. */
export const idCursorQuery = z
  .string()
  .regex(/^\d{1,18}$/, { error: "must be the NextCursor of an earlier page" })
  .optional();

/** Rows per page in a query: a whole number from 1 to `max`. */
export const pageLimitQuery = (max: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${max}` })
    .refine((n) => Number(n) >= 1 && Number(n) <= max, { error: `must be a whole number from 1 to ${max}` })
    .optional();
