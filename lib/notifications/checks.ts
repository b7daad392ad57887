import "server-only";
import { getWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listKeys } from "@/lib/client/keys";
import { listWebhooks } from "@/lib/client/webhooks";
import { compareDecimals, fromUnits, toUnits } from "@/lib/contract/decimal";
import type { ConsoleDb } from "@/lib/db/connection";
import { enqueueNotification, rulesFor } from "./outbox";

/**
 * The notifications nothing in the console causes (docs/console.md, "Notifications"): the job
 * loop asks each project's service — only for projects with a rule of these events, once a minute
 * — how old its queue is, how far its wallet falls short of what waits, which keys expire within 7
 * days and which webhook endpoints fail. Each finding is written once (its `dedup` key): the
 * queue's oldest award once per rule, a funding gap at most once an hour, a key once per expiry,
 * an endpoint once per failing spell.
 */

export const CHECKED_EVENTS = ["queue.stale", "funding.gap", "key.expiring", "webhook.failing"];
const DAY = 24 * 3600_000;

export async function runNotificationChecks(
  db: ConsoleDb,
  connectionOf: (ref: string) => Promise<ServiceConnection | null>,
  now: Date,
): Promise<void> {
  const rules = await rulesFor(db, CHECKED_EVENTS);
  const byConnection = new Map<string, Set<string>>();
  for (const rule of rules)
    byConnection.set(rule.connection, (byConnection.get(rule.connection) ?? new Set()).add(rule.event));
  for (const [ref, events] of byConnection) {
    const connection = await connectionOf(ref);
    if (!connection) continue;
    // A service that cannot be asked now is asked again next time; one failing check spares the others.
    if (events.has("queue.stale") || events.has("funding.gap"))
      await checkWallet(db, ref, connection, events, now).catch(() => undefined);
    if (events.has("key.expiring")) await checkKeys(db, ref, connection, now).catch(() => undefined);
    if (events.has("webhook.failing")) await checkWebhooks(db, ref, connection).catch(() => undefined);
  }
}

async function checkWallet(
  db: ConsoleDb,
  ref: string,
  connection: ServiceConnection,
  events: Set<string>,
  now: Date,
) {
  const wallet = (await getWallet(connection)).Data;
  const [oldest] = wallet.Queue;
  if (events.has("queue.stale") && oldest) {
    const minutes = Math.floor((now.getTime() - new Date(oldest.QueuedAt).getTime()) / 60_000);
    await enqueueNotification(db, {
      connection: ref,
      event: "queue.stale",
      dedup: `queue.stale:${ref}:${oldest.RequestID}`,
      title: `Awards have waited ${minutes} minutes for funds`,
      body: `${wallet.Queue.length} ${wallet.Queue.length === 1 ? "award waits" : "awards wait"} in the queue; the oldest, to ${oldest.CustomerID}, since ${oldest.QueuedAt}. Fund the wallet to pay them in order.`,
      link: "/wallet",
      passes: (threshold) => minutes >= Number(threshold),
    });
  }
  if (!events.has("funding.gap")) return;
  const needed = new Map<string, bigint>();
  for (const award of wallet.Queue)
    for (const line of award.Tokens)
      needed.set(line.ContractGuid, (needed.get(line.ContractGuid) ?? 0n) + toUnits(line.Amount));
  const hour = Math.floor(now.getTime() / 3600_000);
  for (const [contract, units] of needed) {
    const balance = wallet.Balances.find((b) => b.ContractGuid.toLowerCase() === contract.toLowerCase());
    const gap = fromUnits(units - toUnits(balance?.Amount ?? "0"));
    if (compareDecimals(gap, "0") <= 0) continue;
    const symbol = balance?.Symbol ?? "tokens";
    await enqueueNotification(db, {
      connection: ref,
      event: "funding.gap",
      dedup: `funding.gap:${ref}:${contract.toLowerCase()}:${hour}`,
      title: `The wallet is ${gap} ${symbol} short of the queue`,
      body: `Queued awards need ${fromUnits(units)} ${symbol}${balance ? ` on ${balance.ChainName}` : ""}; the project wallet holds ${balance?.Amount ?? "0"}.`,
      link: "/wallet",
      passes: (threshold) => compareDecimals(gap, threshold) > 0,
    });
  }
}

async function checkKeys(db: ConsoleDb, ref: string, connection: ServiceConnection, now: Date) {
  for (const key of (await listKeys(connection)).Data.Keys) {
    if (!key.ExpiresAt || key.RevokedAt) continue;
    const left = new Date(key.ExpiresAt).getTime() - now.getTime();
    if (left <= 0 || left > 7 * DAY) continue;
    await enqueueNotification(db, {
      connection: ref,
      event: "key.expiring",
      dedup: `key.expiring:${ref}:${key.Id}:${key.ExpiresAt}`,
      title: `The API key “${key.Name}” (${key.Prefix}…) expires ${key.ExpiresAt}`,
      body: `${key.ThisKey ? "It is the key this console calls the service with. " : ""}Roll it before then, and move whatever uses it to the new key.`,
      link: "/developers/keys",
    });
  }
}

async function checkWebhooks(db: ConsoleDb, ref: string, connection: ServiceConnection) {
  for (const endpoint of (await listWebhooks(connection)).Data.Endpoints) {
    const failing =
      endpoint.State === "failing" || (endpoint.State === "disabled" && endpoint.FailingSince !== "");
    if (!failing) continue;
    await enqueueNotification(db, {
      connection: ref,
      event: "webhook.failing",
      dedup: `webhook.failing:${ref}:${endpoint.Id}:${endpoint.FailingSince}`,
      title: `The webhook endpoint ${endpoint.Url} is ${endpoint.State === "disabled" ? "disabled for failing" : "failing"}`,
      body: `${endpoint.Health.LastFailure ? `Its last attempt: ${endpoint.Health.LastFailure}. ` : ""}Every delivery to it since ${endpoint.FailingSince} gave up; replay them once it answers.`,
      link: "/developers/webhooks",
    });
  }
}
