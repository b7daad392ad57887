import "server-only";
import type { lookup } from "node:dns";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { guardedFetch } from "@/lib/client/guarded-fetch";
import type { ConsoleDb } from "@/lib/db/connection";
import { notifications } from "@/lib/db/schema";
import type { ConsoleEnv } from "@/lib/env";
import { discordPayload, emailMessage, type Outgoing, slackPayload } from "./message-formats";

/**
 * The notifications' sender (docs/console.md, "Notifications"): a step of the console's job loop,
 * in the one instance holding the job lease, after the changes that wrote them committed — never
 * inside a request. Slack and Discord are POSTed under the console's address rules
 * (lib/client/guarded-fetch.ts, CONSOLE_ALLOWED_NOTIFICATION_HOSTS), email goes through
 * CONSOLE_SMTP_URL. A failed message is tried again after 30 s, 1, 2 and 4 minutes, then given up.
 * At most RATE_LIMIT messages a rule in 10 minutes: the rest are suppressed and say so.
 */

export interface NotificationSettings {
  allowedHosts: ReadonlySet<string>;
  /** Makes a message's page link absolute. */
  publicUrl: string;
  smtpUrl: string | null;
  smtpFrom: string;
  /** The wait after a first failure (default 30 s). */
  retryBaseMs?: number;
  lookup?: typeof lookup;
}

export const RATE_LIMIT = 20;
const RATE_WINDOW = "10 minutes";
export const MAX_ATTEMPTS = 5;
const BATCH = 50;
const TIMEOUT_MS = 10_000;

const settingsOf = new WeakMap<ConsoleEnv, NotificationSettings>();

/** The settings of an environment, made once (the sender keeps its connections per settings). */
export function notificationSettings(env: ConsoleEnv): NotificationSettings {
  const made = settingsOf.get(env);
  if (made) return made;
  const settings: NotificationSettings = {
    allowedHosts: new Set(env.CONSOLE_ALLOWED_NOTIFICATION_HOSTS ?? []),
    publicUrl: (env.CONSOLE_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/+$/, ""),
    smtpUrl: env.CONSOLE_SMTP_URL ?? null,
    smtpFrom: env.CONSOLE_SMTP_FROM,
  };
  settingsOf.set(env, settings);
  return settings;
}

const NOTIFY_HINT =
  "If the webhook really is there, an administrator can allow its host with CONSOLE_ALLOWED_NOTIFICATION_HOSTS.";
// One policy object for every round: guardedFetch keeps its connections per policy.
const policies = new WeakMap<NotificationSettings, Parameters<typeof guardedFetch>[2]>();
const policyOf = (settings: NotificationSettings) => {
  let policy = policies.get(settings);
  if (!policy) {
    policy = { allowedHosts: settings.allowedHosts, lookup: settings.lookup, allowHint: NOTIFY_HINT };
    policies.set(settings, policy);
  }
  return policy;
};

const transports = new Map<string, Transporter>();
function transportOf(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url, { connectionTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS });
    transports.set(url, transport);
  }
  return transport;
}

type Row = typeof notifications.$inferSelect;

/** Sends one message; throws with a reason a person can read. */
async function deliver(row: Row, settings: NotificationSettings): Promise<void> {
  const outgoing: Outgoing = {
    title: row.title,
    body: row.body,
    link: row.link ? `${settings.publicUrl}${row.link}` : "",
  };
  if (row.channel === "email") {
    if (!settings.smtpUrl) throw new Error("Email is not set up: the console has no CONSOLE_SMTP_URL.");
    const { subject, text } = emailMessage(outgoing);
    await transportOf(settings.smtpUrl).sendMail({ from: settings.smtpFrom, to: row.target, subject, text });
    return;
  }
  const body = JSON.stringify(row.channel === "slack" ? slackPayload(outgoing) : discordPayload(outgoing));
  const answer = await guardedFetch(
    row.target,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
    policyOf(settings),
  );
  const said = (await answer.text().catch(() => "")).slice(0, 200);
  if (!answer.ok)
    throw new Error(
      `The ${row.channel === "slack" ? "Slack" : "Discord"} webhook answered HTTP ${answer.status}${said ? `: ${said}` : ""}.`,
    );
}

/** One round: every message due (at most BATCH), sent or put off; how many were sent. */
export async function sendDueNotifications(db: ConsoleDb, settings: NotificationSettings): Promise<number> {
  const due = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.state, "pending"), lte(notifications.nextAttemptAt, sql`now()`)))
    .orderBy(notifications.id)
    .limit(BATCH);
  if (due.length === 0) return 0;
  const ruleIds = [...new Set(due.map((row) => row.ruleId).filter((id): id is number => id !== null))];
  const recent = new Map<number, number>();
  if (ruleIds.length > 0) {
    const counts = await db
      .select({ ruleId: notifications.ruleId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          inArray(notifications.ruleId, ruleIds),
          eq(notifications.state, "sent"),
          gt(notifications.sentAt, sql`now() - ${RATE_WINDOW}::interval`),
        ),
      )
      .groupBy(notifications.ruleId);
    for (const count of counts) if (count.ruleId !== null) recent.set(count.ruleId, Number(count.n));
  }
  let sent = 0;
  for (const row of due) {
    if (row.ruleId !== null) {
      const used = recent.get(row.ruleId) ?? 0;
      if (used >= RATE_LIMIT) {
        await db
          .update(notifications)
          .set({
            state: "suppressed",
            lastError: `More than ${RATE_LIMIT} messages of this rule in ${RATE_WINDOW}: not sent.`,
          })
          .where(eq(notifications.id, row.id));
        continue;
      }
      recent.set(row.ruleId, used + 1);
    }
    try {
      await deliver(row, settings);
      await db
        .update(notifications)
        .set({ state: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: "" })
        .where(eq(notifications.id, row.id));
      sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const wait = (settings.retryBaseMs ?? 30_000) * 2 ** (attempts - 1);
      await db
        .update(notifications)
        .set({
          attempts,
          lastError: (error as Error).message.slice(0, 500),
          state: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + wait),
        })
        .where(eq(notifications.id, row.id));
    }
  }
  return sent;
}
