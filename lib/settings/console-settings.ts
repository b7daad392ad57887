import "server-only";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import { describeIssues } from "@/lib/contract/issues";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleSettings } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { forgetInRequest } from "@/lib/request/per-request";
import { ConsoleSettings, SETTING_LABELS, SettingsChange } from "./settings-shape";

export { ConsoleSettings, SettingsChange };
export type ConsoleSettingsValue = z.output<typeof ConsoleSettings>;

/** The owners' settings, each at its default until an owner changes it. */
export async function readSettings(db: ConsoleDb): Promise<ConsoleSettingsValue> {
  const rows = await db
    .select({ key: consoleSettings.key, value: consoleSettings.value })
    .from(consoleSettings);
  return settingsFromRows(rows);
}

/** The settings from their stored rows (key, value), read by readSettings or with another statement. */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): ConsoleSettingsValue {
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  // A value an older console wrote and this one no longer takes falls back to its default.
  const known = Object.fromEntries(
    Object.entries(ConsoleSettings.shape).flatMap(([key, rule]) => {
      const value = rule.safeParse(stored[key]);
      return value.success && key in stored ? [[key, value.data]] : [];
    }),
  );
  return ConsoleSettings.parse(known);
}

/**
 * Changes some settings and records what changed from what, in one transaction: the audit row
 * and the change commit together or not at all.
 */
export async function changeSettings(
  db: ConsoleDb,
  change: z.input<typeof SettingsChange>,
  actor: AuditActor,
): Promise<ConsoleSettingsValue> {
  const parsed = SettingsChange.safeParse(change);
  if (!parsed.success) throw new UserFacingError(describeIssues(parsed.error.issues));
  const settings = await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const before = await readSettings(tx);
    const changed = Object.entries(parsed.data).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(before[key as keyof ConsoleSettingsValue]) !== JSON.stringify(value),
    );
    for (const [key, value] of changed)
      await tx
        .insert(consoleSettings)
        .values({ key, value, updatedBy: actor.email })
        .onConflictDoUpdate({
          target: consoleSettings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`now()`, updatedBy: actor.email },
        });
    if (changed.length > 0)
      await recordAudit(tx, actor, {
        kind: "settings.changed",
        summary: changed
          .map(
            ([key, value]) =>
              `${SETTING_LABELS[key as keyof ConsoleSettingsValue]}: ${JSON.stringify(before[key as keyof ConsoleSettingsValue])} → ${JSON.stringify(value)}`,
          )
          .join("; "),
        detail: Object.fromEntries(
          changed.map(([key, value]) => [
            key,
            { from: before[key as keyof ConsoleSettingsValue], to: value },
          ]),
        ),
      });
    return readSettings(tx);
  });
  // The session this request knows carries the settings it was read with (lib/request/per-request.ts).
  await forgetInRequest("sign-in");
  return settings;
}
