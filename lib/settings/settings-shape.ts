import { z } from "zod";

/**
 * The owners' settings (Settings → Security; docs/console.md, "Staff accounts"): the shape and the rules, shared by
 * the server and the settings form.
 */
export const ConsoleSettings = z.object({
  /** Who must sign in with a second factor: owners always (unless the console says otherwise), or everyone. */
  mfaRequiredFor: z.enum(["owners", "everyone"], { error: "must be owners or everyone" }).default("owners"),
  /** A session with no activity for this long ends. */
  idleTimeoutMinutes: z
    .number({ error: "must be a whole number of minutes" })
    .int({ error: "must be a whole number of minutes" })
    .min(5, { error: "must be at least 5 minutes" })
    .max(24 * 60, { error: "must be at most 1440 minutes (a day)" })
    .default(30),
  /** Audit rows older than this many days are removed; null keeps them all. */
  auditRetentionDays: z
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(90, { error: "must be at least 90 days" })
    .max(36_500, { error: "must be at most 36500 days" })
    .nullable()
    .default(null),
  /** An award or batch waiting for approval this long expires, unsent (docs/console.md, "Approvals"). */
  approvalExpiryDays: z
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be at least 1 day" })
    .max(90, { error: "must be at most 90 days" })
    .default(7),
});

/**
 * A change of some settings: each field optional with its rule and without its default, so a
 * change of one setting never writes the others back to their defaults.
 */
export const SettingsChange = z.object(
  Object.fromEntries(
    Object.entries(ConsoleSettings.shape).map(([key, rule]) => [key, rule.unwrap().optional()]),
  ) as {
    [K in keyof typeof ConsoleSettings.shape]: z.ZodOptional<
      ReturnType<(typeof ConsoleSettings.shape)[K]["unwrap"]>
    >;
  },
);

export const SETTING_LABELS: Record<keyof z.output<typeof ConsoleSettings>, string> = {
  mfaRequiredFor: "Two-factor required for",
  idleTimeoutMinutes: "Idle timeout (minutes)",
  auditRetentionDays: "Audit retention (days)",
  approvalExpiryDays: "Approvals expire after (days)",
};
