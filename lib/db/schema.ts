import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Relative and type-only: drizzle-kit loads this file without the project's path aliases.
import type { ApprovalStatus } from "../model/approval-status";
import type { ApprovalSummary } from "../model/approval-summary";
import type { AwardEventKind } from "../model/award-events";
import type { AwardStatus } from "../model/award-status";
import type { BatchStatus } from "../model/batch-status";
import type { CampaignSchedule } from "../model/campaign-schedule";
import type { CampaignLine, CampaignStatus, OccurrenceStatus } from "../model/campaign-status";
import type { ConnectionEnvironment } from "../model/connection-environment";
import type { NoteTag } from "../model/player-notes";
import type { ReversalApproval } from "../model/reversal-policy";
import type { ReversalOutcomeRecord, ReversalStatus } from "../model/reversal-status";
import type { Role } from "../model/roles";

/**
 * The console's own tables, in the schema `console` so that it may share a PostgreSQL server with
 * the service (docs/architecture.md, "Between the programs"). The console never touches the service's tables.
 */
export const consoleSchema = pgSchema("console");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * GUIDs are stored in one canonical form, lower case (lib/contract/guid.ts; docs/console.md,
 * "Identifiers"): a lookup by a project or a token can then never miss a row by its spelling.
 */
const lowerCased = (name: string, column: AnyPgColumn) => check(name, sql`${column} = lower(${column})`);

export const users = consoleSchema.table(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased: one account per address, whatever case is typed. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role").$type<Role>().notNull(),
    /** Argon2id (older rows: scrypt until the next sign-in), self-describing (lib/auth/password.ts). */
    passwordHash: text("password_hash").notNull(),
    active: boolean("active").notNull().default(true),
    /** The TOTP secret, sealed like connection keys (lib/secret-box.ts); null: no second factor. */
    totpSecretCiphertext: text("totp_secret_ciphertext"),
    totpEnrolledAt: timestamp("totp_enrolled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is never taken again. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    check("users_role_check", sql`${t.role} in ('owner', 'manager', 'support')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Recent wrong passwords per account (`account:<email>`) and per client address
 * (`client:<address>`), in the database so that the slow-down holds across console instances
 * (docs/console.md, "Sign-in").
 */
export const signInFailures = consoleSchema.table("sign_in_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
});

/**
 * Sign-in sessions (lib/auth/sessions.ts): the session cookie carries the id, and every request
 * checks the row — ended by sign-out, deactivation, a role, password or MFA change, or idleness.
 */
export const sessions = consoleSchema.table(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The last time the person did something (an action, or input on a page: lib/auth/sessions.ts). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time a second factor was given: step-up is asked again 10 minutes after it. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    client: text("client").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.endedAt)],
);

/** One-time recovery codes for a lost authenticator: SHA-256 of the code (it has 50 bits of its own). */
export const recoveryCodes = consoleSchema.table(
  "recovery_codes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recovery_codes_idx").on(t.userId, t.codeHash)],
);

/** The owners' settings of this console (lib/settings/console-settings.ts): one row per setting. */
export const consoleSettings = consoleSchema.table("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull().default(""),
});

/**
 * The audit log of everything staff do (lib/audit/audit-log.ts). Append-only and hash-chained by
 * the database itself (migration 0006): a trigger numbers each row after the last, stamps the
 * time and the chain, and UPDATE, DELETE and TRUNCATE are refused. No foreign keys: nothing
 * elsewhere may ever change a row.
 */
export const auditLog = consoleSchema.table(
  "audit_log",
  {
    /** Set by the trigger: the last row's id + 1 (the default is a placeholder). */
    id: bigint("id", { mode: "number" }).primaryKey().default(0),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull().default(""),
    kind: text("kind").notNull(),
    /** The project (connection) it concerned, by name; empty when none. */
    project: text("project").notNull().default(""),
    client: text("client").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    summary: text("summary").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text("prev_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_kind_idx").on(t.kind, t.id),
    index("audit_log_actor_idx").on(t.actorEmail, t.id),
  ],
);

/** A service the console talks to: base URL, project and an API key encrypted at rest. */
export const connections = consoleSchema.table(
  "connections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    /** AES-256-GCM (lib/secret-box.ts); the plain key is never stored. */
    apiKeyCiphertext: text("api_key_ciphertext").notNull(),
    /** The last four characters, the most the interface ever shows. */
    apiKeyLast4: text("api_key_last4").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Set by the owner, shown beside the connection's name wherever a project is chosen. */
    environment: text("environment").$type<ConnectionEnvironment>().notNull().default("test"),
  },
  (t) => [
    uniqueIndex("connections_name_idx").on(sql`lower(${t.name})`),
    check("connections_environment_check", sql`${t.environment} in ('test', 'live')`),
    lowerCased("connections_project_guid_check", t.projectGuid),
  ],
);

/** Per-user choices, e.g. the project (connection) last chosen in the switcher. */
export const userSettings = consoleSchema.table("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `db:<id>` for a stored connection, `env` for the one from the environment. */
  connection: text("connection"),
  /** The IANA time zone times are shown in (lib/time/time-zone-setting.ts); null: the browser's. */
  timeZone: text("time_zone"),
});

/** One line of an award, as sent: amounts as exact decimal text. */
export interface AwardTrailLine {
  Guid: string;
  ContractGuid: string;
  Amount: string;
}

/**
 * The award trail: every award is written here before it is sent, with the body the service
 * receives (without the API key) and the reason the service has no field for, then updated
 * with the outcome. (connection, RequestID) is unique: a retry is the same row.
 */
export const awards = consoleSchema.table(
  "awards",
  {
    id: serial("id").primaryKey(),
    requestId: text("request_id").notNull(),
    /** The connection it went through (`db:<id>` or `env`) and what that pointed at then. */
    connection: text("connection").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    customerId: text("customer_id").notNull(),
    isAllowance: boolean("is_allowance").notNull(),
    isMintable: boolean("is_mintable").notNull().default(false),
    wallet: text("wallet").notNull().default(""),
    lines: jsonb("lines").$type<AwardTrailLine[]>().notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<AwardStatus>().notNull(),
    /** The service's `Error` text, or what went wrong in flight. */
    error: text("error").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    /** A bulk row: its batch and its line in the file. */
    batchId: integer("batch_id").references(() => awardBatches.id, { onDelete: "cascade" }),
    batchLine: integer("batch_line"),
    /** A bulk row being sent: until when the console instance that claimed it owns it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** A queued award: when the settlement job last asked the service about it (lib/awards/settle-queued.ts). */
    statusCheckedAt: timestamp("status_checked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("awards_request_idx").on(t.projectGuid, sql`lower(${t.requestId})`),
    index("awards_customer_idx").on(t.customerId, t.createdAt),
    index("awards_created_idx").on(t.createdAt),
    index("awards_batch_idx").on(t.batchId, t.status, t.batchLine),
    index("awards_status_checked_idx").on(t.status, t.statusCheckedAt),
    check(
      "awards_status_check",
      sql`${t.status} in ('pending', 'sending', 'completed', 'queued', 'accepted', 'failed', 'unknown', 'awaiting-approval', 'rejected', 'withdrawn', 'expired', 'cancelled', 'partly-reversed', 'reversed')`,
    ),
    lowerCased("awards_project_guid_check", t.projectGuid),
    lowerCased("awards_request_id_check", t.requestId),
    // The lines' token and contract GUIDs too (jsonb prints `"Guid": "…"` in this one form).
    check("awards_lines_guid_check", sql`${t.lines}::text !~ '"(Guid|ContractGuid)": "[^"]*[A-F]'`),
  ],
);

/**
 * A bulk award: one uploaded file (identified by its SHA-256 per project, so the same file is
 * the same batch) whose rows are awards in the trail, sent by the server.
 */
export const awardBatches = consoleSchema.table(
  "award_batches",
  {
    id: serial("id").primaryKey(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256").notNull(),
    connection: text("connection").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    reason: text("reason").notNull(),
    rowCount: integer("row_count").notNull(),
    status: text("status").$type<BatchStatus>().notNull(),
    /** Why sending stopped, when it could not go on (the connection is gone, …). */
    error: text("error").notNull().default(""),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("award_batches_file_idx").on(t.projectGuid, t.fileSha256),
    check(
      "award_batches_status_check",
      sql`${t.status} in ('awaiting-approval', 'sending', 'done', 'rejected', 'withdrawn', 'expired')`,
    ),
    lowerCased("award_batches_project_guid_check", t.projectGuid),
  ],
);

export type { AwardEventKind };

/** The award's timeline: created, approval steps, each send, each outcome, later status changes. */
export const awardEvents = consoleSchema.table(
  "award_events",
  {
    id: serial("id").primaryKey(),
    awardId: integer("award_id")
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").$type<AwardEventKind>().notNull(),
    status: text("status").$type<AwardStatus>(),
    detail: text("detail").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
  },
  (t) => [index("award_events_award_idx").on(t.awardId, t.id)],
);

/**
 * The owners' award policy for one token of one project (docs/console.md, "Award policies"): the
 * most a manager (and, if set, an owner) may award in a rolling 24 hours, and the amount above
 * which an award line or a batch's total for the token needs a second person. Null: no rule.
 */
export const awardPolicies = consoleSchema.table(
  "award_policies",
  {
    id: serial("id").primaryKey(),
    projectGuid: text("project_guid").notNull(),
    tokenGuid: text("token_guid").notNull(),
    /** The symbol when the policy was set, for the audit log and for a token the service no longer lists. */
    tokenSymbol: text("token_symbol").notNull().default(""),
    approvalThreshold: numeric("approval_threshold"),
    managerDailyLimit: numeric("manager_daily_limit"),
    ownerDailyLimit: numeric("owner_daily_limit"),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("award_policies_token_idx").on(t.projectGuid, t.tokenGuid),
    check("award_policies_threshold_check", sql`${t.approvalThreshold} >= 0`),
    check("award_policies_manager_check", sql`${t.managerDailyLimit} >= 0`),
    check("award_policies_owner_check", sql`${t.ownerDailyLimit} >= 0`),
    lowerCased("award_policies_project_guid_check", t.projectGuid),
    lowerCased("award_policies_token_guid_check", t.tokenGuid),
  ],
);

/**
 * The owners' reversal policy for one project (docs/console.md, "Reversals"): whether a reversal
 * waits for a second person — never, when a token's amount is above that token's approval
 * threshold (award_policies), or always. No row: never.
 */
export const reversalPolicies = consoleSchema.table(
  "reversal_policies",
  {
    projectGuid: text("project_guid").primaryKey(),
    approval: text("approval").$type<ReversalApproval>().notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reversal_policies_approval_check", sql`${t.approval} in ('none', 'above-threshold', 'all')`),
    lowerCased("reversal_policies_project_guid_check", t.projectGuid),
  ],
);

/**
 * The players people looked up through the console's search or lookup form, per project: with
 * the award trail, what the console searches itself when the service has no customer search
 * (docs/console.md, "Finding a player"). Written by the form's action (lib/players/lookups.ts),
 * never by a page's render.
 */
export const playerLookups = consoleSchema.table(
  "player_lookups",
  {
    projectGuid: text("project_guid").notNull(),
    customerId: text("customer_id").notNull(),
    lookedUpAt: timestamp("looked_up_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectGuid, t.customerId] }),
    lowerCased("player_lookups_project_guid_check", t.projectGuid),
  ],
);

/**
 * Staff notes on a player (docs/console.md, "Staff notes"), per project and Customer ID: written
 * by support and managers, edited or deleted only by their author, hidden by an owner. Every
 * change is audited in its own transaction (lib/player-notes/notes.ts).
 */
export const playerNotes = consoleSchema.table(
  "player_notes",
  {
    id: serial("id").primaryKey(),
    projectGuid: text("project_guid").notNull(),
    customerId: text("customer_id").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    text: text("text").notNull(),
    tag: text("tag").$type<NoteTag>(),
    pinned: boolean("pinned").notNull().default(false),
    hiddenBy: text("hidden_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("player_notes_player_idx").on(t.projectGuid, t.customerId, t.createdAt),
    check(
      "player_notes_tag_check",
      sql`${t.tag} is null or ${t.tag} in ('compensated', 'fraud-watch', 'escalated', 'vip')`,
    ),
    check("player_notes_text_check", sql`length(${t.text}) between 1 and 2000`),
    lowerCased("player_notes_project_guid_check", t.projectGuid),
  ],
);

/**
 * What each person has awarded, per award and token, for the daily limits (lib/approvals/spend.ts):
 * written in the same transaction as the decision to send, under a lock on the person's user row,
 * so concurrent awards on any number of console instances cannot together pass a limit. A failed
 * award paid nothing and its rows go (a trigger); one written again for a retry is the same row.
 */
export const awardSpend = consoleSchema.table(
  "award_spend",
  {
    awardId: integer("award_id")
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    tokenGuid: text("token_guid").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectGuid: text("project_guid").notNull(),
    amount: numeric("amount").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.awardId, t.tokenGuid] }),
    index("award_spend_user_idx").on(t.userId, t.projectGuid, t.tokenGuid, t.at),
    check("award_spend_amount_check", sql`${t.amount} > 0`),
    lowerCased("award_spend_project_guid_check", t.projectGuid),
    lowerCased("award_spend_token_guid_check", t.tokenGuid),
  ],
);

/**
 * A bulk batch reversed as a batch (docs/console.md, "Reversals"): one per batch, its rows'
 * reversals in `reversals` with ReversalIDs made from the batch's RequestIDs, so reversing a
 * batch again, or a console restarted half-way, reverses no row twice.
 */
export const batchReversals = consoleSchema.table(
  "batch_reversals",
  {
    id: serial("id").primaryKey(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => awardBatches.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    reason: text("reason").notNull(),
    rowCount: integer("row_count").notNull(),
    status: text("status").$type<BatchStatus>().notNull(),
    error: text("error").notNull().default(""),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("batch_reversals_batch_idx").on(t.batchId),
    check(
      "batch_reversals_status_check",
      sql`${t.status} in ('awaiting-approval', 'sending', 'done', 'rejected', 'withdrawn', 'expired')`,
    ),
  ],
);

/**
 * A reversal of an award in the trail (docs/console.md, "Reversals"): written before it is sent,
 * with the ReversalID minted when the person reviewed it, so a lost answer is "unknown" and a retry
 * sends the same ReversalID and body — the service reverses at most once. `lines` null: everything
 * of the award still reversible. A row of a batch reversal carries its batch and line.
 */
export const reversals = consoleSchema.table(
  "reversals",
  {
    id: serial("id").primaryKey(),
    reversalId: text("reversal_id").notNull(),
    awardId: integer("award_id")
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    connection: text("connection").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    reason: text("reason").notNull(),
    lines: jsonb("lines").$type<AwardTrailLine[] | null>(),
    status: text("status").$type<ReversalStatus>().notNull(),
    /** What the service answered: the award's state, what it took back, what remains, what settled. */
    outcome: jsonb("outcome").$type<ReversalOutcomeRecord | null>(),
    error: text("error").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    batchReversalId: integer("batch_reversal_id").references(() => batchReversals.id, {
      onDelete: "cascade",
    }),
    batchLine: integer("batch_line"),
    /** A batch reversal's row being sent: until when the console instance that claimed it owns it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reversals_reversal_idx").on(t.projectGuid, t.reversalId),
    index("reversals_award_idx").on(t.awardId, t.id),
    index("reversals_created_idx").on(t.createdAt),
    index("reversals_batch_idx").on(t.batchReversalId, t.status, t.batchLine),
    check(
      "reversals_status_check",
      sql`${t.status} in ('pending', 'awaiting-approval', 'sending', 'done', 'failed', 'unknown', 'rejected', 'withdrawn', 'expired')`,
    ),
    lowerCased("reversals_project_guid_check", t.projectGuid),
    lowerCased("reversals_reversal_id_check", t.reversalId),
  ],
);

/**
 * A four-eyes request: an award or a whole batch over a threshold, waiting for another manager or
 * owner (docs/console.md, "Approvals"). Deciding is one conditional update, so two approvers at the
 * same moment decide once.
 */
export const approvalRequests = consoleSchema.table(
  "approval_requests",
  {
    id: serial("id").primaryKey(),
    awardId: integer("award_id").references(() => awards.id, { onDelete: "cascade" }),
    batchId: integer("batch_id").references(() => awardBatches.id, { onDelete: "cascade" }),
    /** A reversal over the owners' reversal policy (docs/console.md, "Reversals"). */
    reversalId: integer("reversal_id").references(() => reversals.id, { onDelete: "cascade" }),
    /** A bulk batch's reversal over that policy. */
    batchReversalId: integer("batch_reversal_id").references(() => batchReversals.id, {
      onDelete: "cascade",
    }),
    /** A campaign over a token's threshold: approved once for its whole schedule (docs/console.md, "Campaigns"). */
    campaignId: integer("campaign_id").references((): AnyPgColumn => campaigns.id, { onDelete: "cascade" }),
    projectGuid: text("project_guid").notNull(),
    connection: text("connection").notNull(),
    requesterId: integer("requester_id").references(() => users.id, { onDelete: "set null" }),
    requesterEmail: text("requester_email").notNull(),
    status: text("status").$type<ApprovalStatus>().notNull(),
    /** What the approver sees besides the trail: totals per token, thresholds, the batch's dry run. */
    summary: jsonb("summary").$type<ApprovalSummary>().notNull(),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedByEmail: text("decided_by_email").notNull().default(""),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The rejection's reason. */
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("approval_requests_award_idx").on(t.awardId),
    uniqueIndex("approval_requests_batch_idx").on(t.batchId),
    index("approval_requests_status_idx").on(t.status, t.expiresAt),
    check(
      "approval_requests_status_check",
      sql`${t.status} in ('waiting', 'approved', 'rejected', 'withdrawn', 'expired')`,
    ),
    uniqueIndex("approval_requests_reversal_idx").on(t.reversalId),
    uniqueIndex("approval_requests_batch_reversal_idx").on(t.batchReversalId),
    index("approval_requests_campaign_idx").on(t.campaignId),
    check(
      "approval_requests_subject_check",
      sql`num_nonnulls(${t.awardId}, ${t.batchId}, ${t.reversalId}, ${t.batchReversalId}, ${t.campaignId}) = 1`,
    ),
    lowerCased("approval_requests_project_guid_check", t.projectGuid),
  ],
);

/**
 * Leases of the console's background jobs (lib/jobs/lease.ts): several console instances may run,
 * and a job such as settling queued awards runs in one of them at a time, the one holding the
 * unexpired lease.
 */
export const jobLeases = consoleSchema.table("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * What owners ask to be told, per project connection (docs/console.md, "Notifications"): an event
 * (`lib/model/notification-events.ts`), its threshold where it has one (minutes of queue age, an
 * amount of funding gap), and where to: a Slack or Discord incoming webhook, or email addresses.
 */
export const notificationRules = consoleSchema.table(
  "notification_rules",
  {
    id: serial("id").primaryKey(),
    connection: text("connection").notNull(),
    event: text("event").notNull(),
    /** Minutes (queue.stale) or an exact amount (funding.gap); "" for events without one. */
    threshold: text("threshold").notNull().default(""),
    channel: text("channel").notNull(),
    /** The incoming webhook's URL (slack, discord) or the addresses, comma-separated (email). */
    target: text("target").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_rules_connection_idx").on(t.connection, t.event),
    check("notification_rules_channel_check", sql`${t.channel} in ('slack', 'discord', 'email')`),
  ],
);

/**
 * The notifications' outbox and the bell's inbox: one row per message to one place, written in the
 * transaction of what it tells (an approval request, its decision) or by the job loop's checks,
 * and sent by the job loop after commit (lib/notifications/send-notifications.ts). `dedup` makes the
 * same message twice impossible; a `bell` row is the signed-in person's, read or not.
 */
export const notifications = consoleSchema.table(
  "notifications",
  {
    id: serial("id").primaryKey(),
    connection: text("connection").notNull(),
    event: text("event").notNull(),
    dedup: text("dedup").notNull(),
    ruleId: integer("rule_id").references(() => notificationRules.id, { onDelete: "set null" }),
    /** bell (the console's own), slack, discord, email. */
    channel: text("channel").notNull(),
    /** The person it is for (bell; the approvers' or requester's email). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A webhook URL or an email address; "" for the bell. */
    target: text("target").notNull().default(""),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The console page it is about (a path: the sender makes it absolute with CONSOLE_PUBLIC_URL). */
    link: text("link").notNull().default(""),
    /** pending, sent, failed (given up), suppressed (rate limit). */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error").notNull().default(""),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedup_idx").on(t.dedup),
    index("notifications_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("notifications_bell_idx").on(t.userId, t.id).where(sql`${t.channel} = 'bell'`),
    check("notifications_channel_check", sql`${t.channel} in ('bell', 'slack', 'discord', 'email')`),
    check("notifications_state_check", sql`${t.state} in ('pending', 'sent', 'failed', 'suppressed')`),
  ],
);

/**
 * A saved, named list of players (docs/console.md, "Player lists"): from a file, a bulk batch's
 * rows, the award history or a player search. A list never changes once saved, so a campaign that uses it pays, at
 * every occurrence, exactly the players (and amounts) that were approved.
 */
export const playerLists = consoleSchema.table(
  "player_lists",
  {
    id: serial("id").primaryKey(),
    connection: text("connection").notNull(),
    projectGuid: text("project_guid").notNull(),
    name: text("name").notNull(),
    /** file, batch, history, search. */
    source: text("source").notNull(),
    /** The file's name, or the filter it was made from, in words. */
    sourceDetail: text("source_detail").notNull().default(""),
    playerCount: integer("player_count").notNull(),
    /** Whether each player has an amount of their own (the file's amount column). */
    hasAmounts: boolean("has_amounts").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("player_lists_project_idx").on(t.projectGuid, t.id),
    check("player_lists_source_check", sql`${t.source} in ('file', 'batch', 'history', 'search')`),
    lowerCased("player_lists_project_guid_check", t.projectGuid),
  ],
);

/** A list's players in their order; a Customer ID is on a list once. */
export const playerListMembers = consoleSchema.table(
  "player_list_members",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => playerLists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    customerId: text("customer_id").notNull(),
    /** The player's own amount (exact), when the list has them. */
    amount: numeric("amount"),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.position] }),
    uniqueIndex("player_list_members_player_idx").on(t.listId, t.customerId),
  ],
);

/**
 * A scheduled or recurring award to a player list (docs/console.md, "Campaigns"). `guid` names it
 * in every RequestID it sends (UUIDv5 of guid, occurrence and player), so no other campaign, on
 * this console or another, can share one. `next_index` is the first occurrence (the campaign's
 * index) not yet run or skipped; the scheduler moves it in the transaction that writes the occurrence.
 */
export const campaigns = consoleSchema.table(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    guid: text("guid").notNull(),
    connection: text("connection").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    name: text("name").notNull(),
    reason: text("reason").notNull(),
    mode: text("mode").$type<"allowance" | "direct">().notNull(),
    lines: jsonb("lines").$type<CampaignLine[]>().notNull(),
    listId: integer("list_id")
      .notNull()
      .references(() => playerLists.id, { onDelete: "restrict" }),
    schedule: jsonb("schedule").$type<CampaignSchedule>().notNull(),
    status: text("status").$type<CampaignStatus>().notNull(),
    nextIndex: integer("next_index").notNull().default(0),
    /**
     * The campaign's index of the schedule's first occurrence. An edit of the future starts a new
     * schedule here (at `next_index`), so an occurrence's index, and its RequestIDs, never repeat.
     */
    indexOffset: integer("index_offset").notNull().default(0),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaigns_guid_idx").on(t.guid),
    index("campaigns_status_idx").on(t.status),
    index("campaigns_project_idx").on(t.projectGuid, t.id),
    check("campaigns_mode_check", sql`${t.mode} in ('allowance', 'direct')`),
    check(
      "campaigns_status_check",
      sql`${t.status} in ('awaiting-approval', 'active', 'paused', 'finished', 'cancelled', 'rejected', 'withdrawn', 'expired')`,
    ),
    lowerCased("campaigns_project_guid_check", t.projectGuid),
    lowerCased("campaigns_guid_check", t.guid),
  ],
);

/**
 * Each occurrence a campaign reached, once: the unique (campaign, index) is what makes two
 * console instances, or a restart, run an occurrence at most once. A sent one names its bulk batch.
 */
export const campaignOccurrences = consoleSchema.table(
  "campaign_occurrences",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<OccurrenceStatus>().notNull(),
    batchId: integer("batch_id").references(() => awardBatches.id, { onDelete: "set null" }),
    /** Why it was held or skipped. */
    note: text("note").notNull().default(""),
  },
  (t) => [
    uniqueIndex("campaign_occurrences_index_idx").on(t.campaignId, t.index),
    index("campaign_occurrences_batch_idx").on(t.batchId),
    check("campaign_occurrences_status_check", sql`${t.status} in ('sent', 'held', 'skipped')`),
  ],
);
