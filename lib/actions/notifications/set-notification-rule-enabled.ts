"use server";
import "server-only";
import { SetRuleEnabledInput } from "@/lib/notifications/rule-input";
import { ruleScope } from "@/lib/notifications/rule-scope";
import { setRuleEnabled } from "@/lib/notifications/rules";
import { defineAction } from "../define-action";

/** Settings → Notifications: turn a rule off or on again (owners, audited). */
export const setNotificationRuleEnabledAction = defineAction(
  "notifications:manage",
  SetRuleEnabledInput,
  async (input, user, { actor }) => {
    const { db, project } = await ruleScope(user);
    await setRuleEnabled(db, actor, project, input.ruleId, input.enabled);
    return { ruleId: input.ruleId };
  },
);
