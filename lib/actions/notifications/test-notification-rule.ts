"use server";
import "server-only";
import { RuleIdInput } from "@/lib/notifications/rule-input";
import { ruleScope } from "@/lib/notifications/rule-scope";
import { testRule } from "@/lib/notifications/rules";
import { defineAction } from "../define-action";

/** Settings → Notifications: a test message for one rule, sent by the job loop within seconds (owners, audited). */
export const testNotificationRuleAction = defineAction(
  "notifications:manage",
  RuleIdInput,
  async (input, user, { actor }) => {
    const { db, project } = await ruleScope(user);
    await testRule(db, actor, project, input.ruleId);
    return { ruleId: input.ruleId };
  },
);
