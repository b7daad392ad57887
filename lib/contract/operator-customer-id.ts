import { z } from "zod";
import { checkCustomerId } from "./customer-id-rule";

/**
 * The console's Customer ID rule as a schema field (the award form, the bulk file, a note, a
 * lookup): the ID trimmed, then checked (customer-id-rule.ts, docs/console.md "Customer IDs").
 */
export const operatorCustomerId = z.string({ error: "must be text" }).transform((raw, ctx) => {
  const checked = checkCustomerId(raw);
  if (checked.ok) return checked.id;
  ctx.issues.push({ code: "custom", message: checked.problem, input: raw });
  return z.NEVER;
});
