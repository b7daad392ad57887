"use server";
import "server-only";
import { RuleIdInput } from "@/lib/notifications/rule-input";
import { ruleScope } from "@/lib/notifications/rule-scope";
import { deleteRule } from "@/lib/notifications/rules";
import { defineAction } from "../define-action";

/** Settings → Notifications: delete a rule (owners, audited); its messages stay in the log. */
export const deleteNotificationRuleAction = defineAction(
  "notifications:manage",
  RuleIdInput,
  async (input, user, { actor }) => {
    const { db, project } = await ruleScope(user);
    await deleteRule(db, actor, project, input.ruleId);
    return { ruleId: input.ruleId };
  },
);
