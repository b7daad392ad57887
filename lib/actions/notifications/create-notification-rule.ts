"use server";
import "server-only";
import { consoleEnv } from "@/lib/env";
import { CreateRuleInput } from "@/lib/notifications/rule-input";
import { ruleScope } from "@/lib/notifications/rule-scope";
import { createRule } from "@/lib/notifications/rules";
import { defineAction } from "../define-action";

/** Settings → Notifications: add a rule (owners, step-up: it sends the project's events out; audited). */
export const createNotificationRuleAction = defineAction(
  "notifications:manage",
  CreateRuleInput,
  async (input, user, { actor }) => {
    const { db, project } = await ruleScope(user);
    return { ruleId: await createRule(db, actor, project, input, Boolean(consoleEnv().CONSOLE_SMTP_URL)) };
  },
  { stepUp: true },
);
