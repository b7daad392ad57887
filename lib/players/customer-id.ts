import { z } from "zod";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";

export { checkCustomerId };

/**
 * The console's Customer ID rule as a schema field (the award form, the bulk file): the ID
 * trimmed, then checked (lib/contract/customer-id-rule.ts, docs/console.md "Customer IDs").
 */
export const operatorCustomerId = z.string({ error: "must be text" }).transform((raw, ctx) => {
  const checked = checkCustomerId(raw);
  if (checked.ok) return checked.id;
  ctx.issues.push({ code: "custom", message: checked.problem, input: raw });
  return z.NEVER;
});
