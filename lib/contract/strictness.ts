import { z } from "zod";

/**
 * One definition, two strictness levels (DESIGN §2): `emit` is what our service sends — exact,
 * extensions present, nothing unknown — and `accept` is what any conformant service may send —
 * extension fields optional, unknown fields kept.
 */
export type Strictness = "emit" | "accept";

type Extension<L extends Strictness, T extends z.ZodType> = L extends "emit" ? T : z.ZodOptional<T>;

export function strictnessTools<L extends Strictness>(level: L) {
  return {
    object<S extends z.ZodRawShape>(shape: S): z.ZodObject<S> {
      // The cast keeps one inferred shape for both levels; only unknown-key handling differs.
      return (level === "emit" ? z.strictObject(shape) : z.looseObject(shape)) as unknown as z.ZodObject<S>;
    },
    /** A field of our extensions (DESIGN §4): required from us, optional from anyone else. */
    extension<T extends z.ZodType>(schema: T): Extension<L, T> {
      return (level === "emit" ? schema : schema.optional()) as Extension<L, T>;
    },
  };
}
