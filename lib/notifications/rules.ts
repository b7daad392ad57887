import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { type AuditActor, audited } from "@/lib/audit/audit-log";
import type { ConsoleDb } from "@/lib/db/connection";
import { notificationRules, notifications } from "@/lib/db/schema";
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from "@/lib/model/notification-events";
import { UserFacingError } from "@/lib/model/user-facing-error";
import type { BellItem, RuleRow } from "./notification-view";
import { enqueueForRule } from "./outbox";
import type { RuleForm } from "./rule-form";

/**
 * Settings → Notifications (docs/console.md, "Notifications"): the owners' rules per project
 * connection, each change audited in its own transaction; Send test puts a message for one rule in
 * the outbox, for the job loop to send within seconds.
 */

export class NotificationRuleError extends UserFacingError {}

export const RULES_MAX = 50;

/** Slack and Discord webhook URLs carry their token in the path: shown as host and "…". */
export function shownTarget(channel: string, target: string): string {
  if (channel === "email") return target;
  try {
    const url = new URL(target);
    return `${url.host}${url.pathname.split("/").slice(0, 3).join("/")}/…`;
  } catch {
    return "(not a URL)";
  }
}

const labelOf = (event: string) => NOTIFICATION_EVENTS.find((e) => e.event === event)?.label ?? event;
const channelLabel = (channel: string) =>
  NOTIFICATION_CHANNELS.find((c) => c.channel === channel)?.label ?? channel;

export async function listRules(db: ConsoleDb, connection: string): Promise<RuleRow[]> {
  const rules = await db
    .select()
    .from(notificationRules)
    .where(eq(notificationRules.connection, connection))
    .orderBy(notificationRules.id);
  const last = await db.execute(sql`
    select distinct on (n.rule_id) n.rule_id, coalesce(n.sent_at, n.created_at) as at, n.state, n.last_error
      from console.notifications n
     where n.connection = ${connection} and n.rule_id is not null
     order by n.rule_id, n.id desc`);
  const lastOf = new Map(
    (
      last as unknown as { rows: { rule_id: number; at: Date | string; state: string; last_error: string }[] }
    ).rows.map((row) => [
      Number(row.rule_id),
      { at: new Date(row.at).toISOString(), state: row.state, error: row.last_error },
    ]),
  );
  return rules.map((rule) => ({
    id: rule.id,
    event: rule.event,
    eventLabel: labelOf(rule.event),
    threshold: rule.threshold,
    channel: rule.channel,
    channelLabel: channelLabel(rule.channel),
    targetShown: shownTarget(rule.channel, rule.target),
    enabled: rule.enabled,
    createdByEmail: rule.createdByEmail,
    createdAt: rule.createdAt.toISOString(),
    last: lastOf.get(rule.id) ?? null,
  }));
}

const described = (rule: typeof notificationRules.$inferSelect) => ({
  ruleId: rule.id,
  event: rule.event,
  threshold: rule.threshold,
  channel: rule.channel,
  target: shownTarget(rule.channel, rule.target),
  enabled: rule.enabled,
});

export async function createRule(
  db: ConsoleDb,
  actor: AuditActor,
  project: { ref: string; name: string },
  form: RuleForm,
  emailReady: boolean,
): Promise<number> {
  if (form.channel === "email" && !emailReady)
    throw new NotificationRuleError(
      "Email is not set up on this console: an administrator sets CONSOLE_SMTP_URL (and CONSOLE_SMTP_FROM). Use Slack or Discord meanwhile.",
    );
  return audited(
    db,
    actor,
    async (tx) => {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationRules)
        .where(eq(notificationRules.connection, project.ref));
      if (Number(count?.n ?? 0) >= RULES_MAX)
        throw new NotificationRuleError(
          `A project has at most ${RULES_MAX} notification rules: delete one first.`,
        );
      const [rule] = await tx
        .insert(notificationRules)
        .values({
          connection: project.ref,
          event: form.event,
          threshold: form.threshold,
          channel: form.channel,
          target: form.target,
          createdByEmail: actor.email,
        })
        .returning();
      if (!rule) throw new Error("the rule was not stored");
      return rule;
    },
    (rule) => ({
      kind: "notification-rule.created",
      project: project.name,
      summary: `Added a notification rule: ${labelOf(rule.event)}${rule.threshold ? ` (${rule.threshold})` : ""} to ${channelLabel(rule.channel)} ${shownTarget(rule.channel, rule.target)}`,
      detail: described(rule),
    }),
  ).then((rule) => rule.id);
}

async function ruleOf(tx: ConsoleDb, connection: string, ruleId: number) {
  const [rule] = await tx
    .select()
    .from(notificationRules)
    .where(and(eq(notificationRules.id, ruleId), eq(notificationRules.connection, connection)));
  if (!rule)
    throw new NotificationRuleError(`Rule ${ruleId} is not one of this project's rules: reload the page.`);
  return rule;
}

export async function setRuleEnabled(
  db: ConsoleDb,
  actor: AuditActor,
  project: { ref: string; name: string },
  ruleId: number,
  enabled: boolean,
): Promise<void> {
  await audited(
    db,
    actor,
    async (tx) => {
      await ruleOf(tx, project.ref, ruleId);
      const [rule] = await tx
        .update(notificationRules)
        .set({ enabled })
        .where(eq(notificationRules.id, ruleId))
        .returning();
      return rule as typeof notificationRules.$inferSelect;
    },
    (rule) => ({
      kind: "notification-rule.changed",
      project: project.name,
      summary: `${enabled ? "Turned on" : "Turned off"} the notification rule ${labelOf(rule.event)} to ${channelLabel(rule.channel)}`,
      detail: described(rule),
    }),
  );
}

export async function deleteRule(
  db: ConsoleDb,
  actor: AuditActor,
  project: { ref: string; name: string },
  ruleId: number,
): Promise<void> {
  await audited(
    db,
    actor,
    async (tx) => {
      const rule = await ruleOf(tx, project.ref, ruleId);
      await tx.delete(notificationRules).where(eq(notificationRules.id, ruleId));
      return rule;
    },
    (rule) => ({
      kind: "notification-rule.deleted",
      project: project.name,
      summary: `Deleted the notification rule ${labelOf(rule.event)} to ${channelLabel(rule.channel)} ${shownTarget(rule.channel, rule.target)}`,
      detail: described(rule),
    }),
  );
}

/** A test message for one rule, sent by the job loop within seconds; audited. */
export async function testRule(
  db: ConsoleDb,
  actor: AuditActor,
  project: { ref: string; name: string },
  ruleId: number,
): Promise<void> {
  await audited(
    db,
    actor,
    async (tx) => {
      const rule = await ruleOf(tx, project.ref, ruleId);
      await enqueueForRule(tx, ruleId, {
        connection: project.ref,
        event: "rule.test",
        dedup: `test:${ruleId}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`,
        title: `Test: ${labelOf(rule.event)} (${project.name})`,
        body: `${actor.email} sent this test from Settings → Notifications. Real messages of this rule look like it.`,
        link: "/settings/notifications",
      });
      return rule;
    },
    (rule) => ({
      kind: "notification-rule.tested",
      project: project.name,
      summary: `Sent a test of the notification rule ${labelOf(rule.event)} to ${channelLabel(rule.channel)} ${shownTarget(rule.channel, rule.target)}`,
      detail: described(rule),
    }),
  );
}

// The bell: the signed-in person's own notifications.

export async function readBell(
  db: ConsoleDb,
  userId: number,
): Promise<{ unread: number; items: BellItem[] }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.channel, "bell")))
    .orderBy(desc(notifications.id))
    .limit(20);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.channel, "bell"),
        sql`${notifications.readAt} is null`,
      ),
    );
  return {
    unread: Number(count?.n ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      at: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
  };
}

/** Marks the person's own notifications read: these ids, or every unread one. */
export async function markRead(db: ConsoleDb, userId: number, ids: number[]): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.channel, "bell"),
        sql`${notifications.readAt} is null`,
        ids.length > 0 ? sql`${notifications.id} = any(${sql.param(ids)}::int[])` : sql`true`,
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
