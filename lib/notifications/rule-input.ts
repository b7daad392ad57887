import { z } from "zod";
import { ruleFormProblems } from "./rule-form";

/** The Settings → Notifications actions' input, checked by the form's own rules (rule-form.ts). */
const text = z.string({ error: "must be text" });

export const CreateRuleInput = z
  .object({ event: text, threshold: text.default(""), channel: text, target: text })
  .check((ctx) => {
    for (const problem of ruleFormProblems(ctx.value))
      ctx.issues.push({ code: "custom", path: [problem.field], message: problem.message, input: ctx.value });
  })
  .transform((form) => ({ ...form, threshold: form.threshold.trim(), target: form.target.trim() }));
export type CreateRuleInput = z.input<typeof CreateRuleInput>;

const ruleId = z
  .number({ error: "must be a rule's Id" })
  .int({ error: "must be a rule's Id" })
  .min(1, { error: "must be a rule's Id" })
  .max(2_147_483_647, { error: "must be a rule's Id" });

export const RuleIdInput = z.object({ ruleId });
export type RuleIdInput = z.input<typeof RuleIdInput>;

export const SetRuleEnabledInput = z.object({
  ruleId,
  enabled: z.boolean({ error: "must be true or false" }),
});
export type SetRuleEnabledInput = z.input<typeof SetRuleEnabledInput>;

export const MarkReadInput = z.object({
  /** Ids to mark read; empty: every unread one. */
  ids: z.array(z.number().int().min(1)).max(200).default([]),
});
export type MarkReadInput = z.input<typeof MarkReadInput>;
