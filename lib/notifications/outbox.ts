import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { notificationRules, notifications, users } from "@/lib/db/schema";
import type { NotificationEvent } from "@/lib/model/notification-events";
import type { Role } from "@/lib/model/roles";

/**
 * The one writer of notifications (docs/console.md, "Notifications"): what happened becomes a row
 * per person's bell and per matching rule's channel, in the caller's transaction — so a rolled-back
 * change tells nobody — and the job loop sends them after commit. A message's `dedup` key is unique:
 * the same change told twice (a retried round, two instances) writes nothing the second time.
 */

export interface Message {
  /** The project connection it is about (`db:<id>` or `env`). */
  connection: string;
  event: NotificationEvent;
  /** One key per change: `approval:12:requested`. */
  dedup: string;
  title: string;
  body: string;
  /** The console page it is about (a path). */
  link: string;
  /** People whose bell gets it. */
  people?: { ids?: number[]; roles?: Role[]; except?: number | null };
  /** A threshold a rule must be under for this message (queue age in minutes, a gap): rules whose threshold it passes. */
  passes?: (threshold: string) => boolean;
}

/** Writes a message's rows; how many. */
export async function enqueueNotification(tx: ConsoleDb, message: Message): Promise<number> {
  const base = {
    connection: message.connection,
    event: message.event,
    title: message.title,
    body: message.body,
    link: message.link,
  };
  const rows: (typeof notifications.$inferInsert)[] = [];
  const people = message.people;
  if (people && ((people.ids?.length ?? 0) > 0 || (people.roles?.length ?? 0) > 0)) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.active, true),
          people.ids?.length ? inArray(users.id, people.ids) : inArray(users.role, people.roles ?? []),
        ),
      );
    for (const person of found)
      if (person.id !== people.except)
        rows.push({
          ...base,
          dedup: `${message.dedup}:bell:${person.id}`,
          channel: "bell",
          userId: person.id,
          state: "sent",
          sentAt: new Date(),
        });
  }
  const rules = await tx
    .select()
    .from(notificationRules)
    .where(
      and(
        eq(notificationRules.connection, message.connection),
        eq(notificationRules.event, message.event),
        eq(notificationRules.enabled, true),
      ),
    );
  for (const rule of rules) {
    if (message.passes && !message.passes(rule.threshold)) continue;
    const targets =
      rule.channel === "email"
        ? rule.target
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean)
        : [rule.target];
    for (const target of targets)
      rows.push({
        ...base,
        dedup: `${message.dedup}:rule:${rule.id}:${target}`,
        ruleId: rule.id,
        channel: rule.channel,
        target,
      });
  }
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.dedup })
    .returning({ id: notifications.id });
  return written.length;
}

/** A message to one rule only, whatever its event (Send test): its rows. */
export async function enqueueForRule(
  tx: ConsoleDb,
  ruleId: number,
  message: Omit<Message, "people" | "passes">,
): Promise<number> {
  const [rule] = await tx.select().from(notificationRules).where(eq(notificationRules.id, ruleId));
  if (!rule) return 0;
  const targets =
    rule.channel === "email"
      ? rule.target
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean)
      : [rule.target];
  const written = await tx
    .insert(notifications)
    .values(
      targets.map((target) => ({
        connection: message.connection,
        event: message.event,
        title: message.title,
        body: message.body,
        link: message.link,
        dedup: `${message.dedup}:${target}`,
        ruleId: rule.id,
        channel: rule.channel,
        target,
      })),
    )
    .onConflictDoNothing({ target: notifications.dedup })
    .returning({ id: notifications.id });
  return written.length;
}

/** Whether any enabled rule of these events exists (the job loop's checks ask the service only then). */
export async function rulesFor(db: ConsoleDb, events: string[]) {
  return db
    .select()
    .from(notificationRules)
    .where(and(inArray(notificationRules.event, events), eq(notificationRules.enabled, true)))
    .orderBy(sql`${notificationRules.id}`);
}
