import { z } from "zod";
import { NumberLiteral } from "./number-literal";

/**
 * One definition, two strictness levels (docs/architecture.md, "Between the programs"): `emit` is what our service sends — exact,
 * extensions present, nothing unknown — and `accept` is what any conformant service may send —
 * extension fields optional, unknown fields kept.
 */
export type Strictness = "emit" | "accept";

type Extension<L extends Strictness, T extends z.ZodType> = L extends "emit" ? T : z.ZodOptional<T>;

const WHOLE_LITERAL = /^-?\d{1,15}$/;
const acceptedWhole = z.preprocess(
  (value) => (value instanceof NumberLiteral && WHOLE_LITERAL.test(value.text) ? Number(value.text) : value),
  z.number(),
);

export function strictnessTools<L extends Strictness>(level: L) {
  return {
    object<S extends z.ZodRawShape>(shape: S): z.ZodObject<S> {
      // The cast keeps one inferred shape for both levels; only unknown-key handling differs.
      return (level === "emit" ? z.strictObject(shape) : z.looseObject(shape)) as unknown as z.ZodObject<S>;
    },
    /**
     * An id, a status or a count: a JSON number. A service's answer is read losslessly, every
     * number as its literal (amounts keep every digit), so accepting one takes the literal of a whole
     * number a `number` holds exactly; a fraction or a longer literal is refused as not a number.
     */
    whole(): z.ZodType<number> {
      return level === "emit" ? z.number() : acceptedWhole;
    },
    /** A field of our extensions (docs/service.md, "Extensions"): required from us, optional from anyone else. */
    extension<T extends z.ZodType>(schema: T): Extension<L, T> {
      return (level === "emit" ? schema : schema.optional()) as Extension<L, T>;
    },
  };
}
