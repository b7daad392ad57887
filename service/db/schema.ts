import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The reference service's tables, in their own PostgreSQL schema so that the console may share
 * one server (docs/architecture.md, "Between the programs"). GUIDs are kept twice: `uuid` for case-insensitive lookups and joins,
 * and the text as it was given, returned unchanged (docs/service.md, "Identifiers and parameters", rule 3).
 *
 * Amounts are NUMERIC(78,18) read and written as strings (drizzle's `numeric` maps to string),
 * never floats.
 */
export const service = pgSchema("service");

const amount = (name: string) => numeric(name, { precision: 78, scale: 18 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const projects = service.table("projects", {
  id: serial("id").primaryKey(),
  guid: uuid("guid").notNull().unique(),
  guidText: text("guid_text").notNull(),
  name: text("name").notNull(),
  /**
   * Raised whenever the project's tokens, contracts or chains change (an import that replaces the
   * catalogue), so that a process may cache them per (project, version): see domain/token-lines.
   */
  catalogueVersion: integer("catalogue_version").notNull().default(1),
  createdAt: createdAt(),
});

export const apiKeys = service.table(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // SHA-256 of the key: keys carry ≥ 32 random bytes, so a slow hash buys nothing (docs/service.md, "Identifiers and parameters": API keys).
    keyHash: bytea("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    label: text("label").notNull().default(""),
    /**
     * What the key may do (docs/service.md, "API keys"): `read` (the GET endpoints), `award`
     * (AwardTokens), `fund` (FundWallet), `keys` (managing keys), `reverse` (ReverseAward). Keys
     * made before scopes existed, and keys made without naming any, hold every one (migration
     * 0019 gave `reverse` to every key that held the four before it).
     */
    scopes: text("scopes").array().notNull().default(sql`'{read,award,fund,keys,reverse}'`),
    createdAt: createdAt(),
    /**
     * When the key stops working: now for a revoked key, the end of the grace period for a rolled
     * one (it works until then). Null: live.
     */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** An expiry set when the key was made; null: none. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * The last call the request log recorded for the key: written with the log's batches, off
     * the hot path (service/log/request-log.ts), so it trails by at most one flush.
     */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /**
     * The key a rolled key descends from (the first of its line), null for a key never rolled
     * from another: caps and what counts against them belong to the line, so rolling never
     * resets a cap (migration 0011).
     */
    familyId: integer("family_id"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    check(
      "api_keys_scopes_check",
      sql`${t.scopes} <@ '{read,award,fund,keys,reverse}'::text[] and cardinality(${t.scopes}) > 0`,
    ),
  ],
);

export const chains = service.table(
  "chains",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** "evm" (0x + 40 hex) or null when the chain has no address format to check. */
    addressFormat: text("address_format"),
  },
  (t) => [
    uniqueIndex("chains_project_name_idx").on(t.projectId, sql`upper(${t.name})`),
    check("chains_address_format_check", sql`${t.addressFormat} is null or ${t.addressFormat} = 'evm'`),
  ],
);

export const tokens = service.table(
  "tokens",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    guid: uuid("guid").notNull(),
    guidText: text("guid_text").notNull(),
    symbol: text("symbol").notNull(),
    name: text("name").notNull(),
    image: text("image").notNull(),
  },
  (t) => [uniqueIndex("tokens_project_guid_idx").on(t.projectId, t.guid)],
);

export const contracts = service.table(
  "contracts",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    chainId: integer("chain_id")
      .notNull()
      .references(() => chains.id, { onDelete: "cascade" }),
    guid: uuid("guid").notNull(),
    guidText: text("guid_text").notNull(),
    address: text("address").notNull(),
  },
  (t) => [
    uniqueIndex("contracts_project_guid_idx").on(t.projectId, t.guid),
    index("contracts_token_idx").on(t.tokenId),
  ],
);

export const products = service.table(
  "products",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    guid: uuid("guid").notNull(),
    guidText: text("guid_text").notNull(),
    type: integer("type").notNull(),
    isUnlimited: boolean("is_unlimited").notNull(),
    amount: amount("amount"),
    imageUrl: text("image_url").notNull(),
    active: boolean("active").notNull(),
  },
  (t) => [
    uniqueIndex("products_project_guid_idx").on(t.projectId, t.guid),
    index("products_project_active_idx").on(t.projectId, t.id),
  ],
);

/** A product's texts, one row per entry, in fixture order (language order, then entry order). */
export const productTexts = service.table(
  "product_texts",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    language: text("language").notNull(),
    type: text("type").notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check("product_texts_type_check", sql`${t.type} in ('Title', 'Description')`),
  ],
);

export const prices = service.table(
  "prices",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    guid: uuid("guid").notNull(),
    guidText: text("guid_text").notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount", { precision: 63, scale: 3 }).notNull(),
    discountAmount: numeric("discount_amount", { precision: 63, scale: 3 }).notNull(),
    discountIsPercentage: boolean("discount_is_percentage").notNull(),
    taxIncluded: boolean("tax_included").notNull(),
    /** "FIAT" or the name of one of the project's chains. */
    chain: text("chain").notNull(),
    fromDate: timestamp("from_date", { withTimezone: true }),
    toDate: timestamp("to_date", { withTimezone: true }),
    fromAmount: numeric("from_amount", { precision: 78, scale: 0 }),
    toAmount: numeric("to_amount", { precision: 78, scale: 0 }),
    active: boolean("active").notNull(),
  },
  (t) => [
    uniqueIndex("prices_project_guid_idx").on(t.projectId, t.guid),
    index("prices_project_idx").on(t.projectId, t.id),
  ],
);

export const priceProducts = service.table(
  "price_products",
  {
    priceId: integer("price_id")
      .notNull()
      .references(() => prices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.priceId, t.position] })],
);

export const customers = service.table(
  "customers",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
  },
  (t) => [
    uniqueIndex("customers_project_customer_idx").on(t.projectId, t.customerId),
    // Customer search (service/domain/customer-search.ts, migration 0020): the lower-cased ID in
    // byte order (an exact ID, an ID's start, any page in that order), and its trigrams (anywhere).
    index("customers_search_key_idx").on(t.projectId, sql`(lower(${t.customerId}) collate "C")`, t.id),
    index("customers_search_trigram_idx").using("gin", sql`lower(${t.customerId}) gin_trgm_ops`),
  ],
);

export const items = service.table(
  "items",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    chainId: integer("chain_id")
      .notNull()
      .references(() => chains.id, { onDelete: "cascade" }),
    guid: uuid("guid").notNull(),
    guidText: text("guid_text").notNull(),
    contract: text("contract").notNull().default(""),
    // uint256 as NUMERIC so that "007" and "7" are one TokenID.
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    index("items_customer_idx").on(t.customerId, t.id),
    index("items_project_token_idx").on(t.projectId, t.tokenId),
  ],
);

export const itemAttributes = service.table(
  "item_attributes",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    value: text("value").notNull(),
    isDynamic: boolean("is_dynamic").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.position] })],
);

/**
 * Ledger accounts (docs/service.md, "The ledger"), one per (contract, owner): the outside world (source of every
 * token that enters the project, the only account allowed below zero), the project wallet, a
 * customer's wallet, or a customer's allowance. The balance lives on the account and is
 * updated in the same transaction as the postings that explain it.
 */
export const ACCOUNT_KINDS = ["world", "project", "wallet", "allowance"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const accounts = service.table(
  "accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AccountKind>().notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** Destination wallet for `wallet` accounts; "" otherwise. */
    wallet: text("wallet").notNull().default(""),
    balance: amount("balance").notNull().default("0"),
  },
  (t) => [
    check("accounts_balance_check", sql`${t.kind} = 'world' or ${t.balance} >= 0`),
    check("accounts_kind_check", sql`${t.kind} in ('world', 'project', 'wallet', 'allowance')`),
    check(
      "accounts_owner_check",
      sql`(${t.kind} in ('wallet', 'allowance')) = (${t.customerId} is not null)`,
    ),
    // NULLS NOT DISTINCT (PostgreSQL 15+): one world and one project account per contract.
    unique("accounts_owner_key").on(t.contractId, t.kind, t.customerId, t.wallet).nullsNotDistinct(),
    index("accounts_customer_idx").on(t.customerId, t.id),
    // Customer search by a wallet's start (service/domain/customer-search.ts, migration 0020).
    index("accounts_wallet_search_idx")
      .on(t.projectId, sql`(lower(${t.wallet}) collate "C")`, t.customerId)
      .where(sql`${t.kind} = 'wallet'`),
  ],
);

/** Awards and fundings share one RequestID namespace per project (docs/service.md, "Awards": idempotency). */
/** Queue order of direct awards, drawn after the award's contract locks are held (see domain/awards). */
export const queueSequence = service.sequence("queue_seq");

export const REQUEST_KINDS = ["award", "funding"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const awards = service.table(
  "awards",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").notNull(),
    requestIdText: text("request_id_text").notNull(),
    kind: text("kind").$type<RequestKind>().notNull(),
    /** The canonical body (every field but ApiKey, normalised) that decides "same request". */
    canonicalBody: text("canonical_body").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    customerText: text("customer_text").notNull().default(""),
    isAllowance: boolean("is_allowance").notNull().default(false),
    isMintable: boolean("is_mintable").notNull().default(false),
    wallet: text("wallet").notNull().default(""),
    /** Cancelled: a queued award taken out of the queue by a reversal (migration 0019); it never pays. */
    status: text("status").$type<"Completed" | "Queued" | "Cancelled">().notNull(),
    /** FIFO position, drawn while holding the locks of the award's contracts. */
    queueSeq: bigint("queue_seq", { mode: "number" }),
    /** For a funding: the RequestIDs it settled, replayed on a repeat. */
    settled: text("settled").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("awards_project_request_idx").on(t.projectId, t.requestId),
    index("awards_queue_idx").on(t.projectId, t.queueSeq).where(sql`${t.status} = 'Queued'`),
    // Foreign key with cascade: deleting a customer must not scan every award.
    index("awards_customer_idx").on(t.customerId),
    check("awards_status_check", sql`${t.status} in ('Completed', 'Queued', 'Cancelled')`),
    check("awards_kind_check", sql`${t.kind} in ('award', 'funding')`),
  ],
);

export const awardLines = service.table(
  "award_lines",
  {
    awardId: bigint("award_id", { mode: "number" })
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    amount: amount("amount").notNull(),
    /**
     * The award's queue position while it waits (null otherwise), kept on each line so that the
     * queue of one contract is an index range: an award's "does anything wait on my contracts?"
     * and a settlement's scan cost the same with 10 or 10,000 queued awards (migration 0004).
     */
    queueSeq: bigint("queue_seq", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.awardId, t.position] }),
    index("award_lines_contract_idx").on(t.contractId),
    index("award_lines_queue_idx").on(t.contractId, t.queueSeq).where(sql`${t.queueSeq} is not null`),
  ],
);

/**
 * Reversals of awards (docs/service.md, "Reversals"): each takes back part or all of what one
 * award still holds in effect — a queued award's cancellation, or a completed one's compensating
 * ledger transaction. `ReversalID` identifies one for ever, in a namespace of its own per
 * project; `canonical_body` decides "same request" as for awards. Nothing of an award or of the
 * ledger is changed in place: what remains of an award is its lines less its reversals' lines.
 */
export const REVERSAL_KINDS = ["cancel", "reverse"] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

export const reversals = service.table(
  "reversals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    reversalId: uuid("reversal_id").notNull(),
    reversalIdText: text("reversal_id_text").notNull(),
    awardId: bigint("award_id", { mode: "number" })
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReversalKind>().notNull(),
    canonicalBody: text("canonical_body").notNull(),
    reason: text("reason").notNull(),
    /** The queued awards the returned funds (or the freed queue) settled, in order, replayed on a repeat. */
    settled: text("settled").array().notNull().default(sql`'{}'::text[]`),
    /** True while that settlement has batches left (a repeat continues it, as a funding's). */
    settling: boolean("settling").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reversals_project_reversal_idx").on(t.projectId, t.reversalId),
    index("reversals_award_idx").on(t.awardId, t.id),
    check("reversals_kind_check", sql`${t.kind} in ('cancel', 'reverse')`),
  ],
);

/** What one reversal took back, per line of its award. */
export const reversalLines = service.table(
  "reversal_lines",
  {
    reversalId: bigint("reversal_id", { mode: "number" })
      .notNull()
      .references(() => reversals.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    amount: amount("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reversalId, t.position] }),
    check("reversal_lines_amount_check", sql`${t.amount} > 0`),
  ],
);

export const TRANSACTION_KINDS = ["import", "fund", "award", "settle", "reverse"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const ledgerTransactions = service.table(
  "ledger_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TransactionKind>().notNull(),
    awardId: bigint("award_id", { mode: "number" }).references(() => awards.id, { onDelete: "cascade" }),
    /** For a `reverse` transaction: the reversal it posts (its award is `award_id`). */
    reversalId: bigint("reversal_id", { mode: "number" }).references(() => reversals.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  // An award's transactions are found by award (its history; the cascade when a project is reset).
  (t) => [
    index("ledger_transactions_award_idx").on(t.awardId),
    index("ledger_transactions_reversal_idx").on(t.reversalId).where(sql`${t.reversalId} is not null`),
  ],
);

/** Postings of one transaction sum to zero per contract (checked by the ledger tests). */
export const postings = service.table(
  "postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "cascade" }),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    amount: amount("amount").notNull(),
  },
  (t) => [
    index("postings_transaction_idx").on(t.transactionId),
    index("postings_account_idx").on(t.accountId),
  ],
);

/**
 * A key's daily award cap per token (docs/service.md, "API keys"): what AwardTokens calls made
 * with the key may award of the token in any 24 hours, allowances and direct distributions
 * together. Checked and counted in the award's own transaction (migration 0011).
 */
export const apiKeyCaps = service.table(
  "api_key_caps",
  {
    /** The key line's first key (`coalesce(family_id, id)`). */
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    daily: amount("daily").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.tokenId] }),
    check("api_key_caps_daily_check", sql`${t.daily} > 0`),
  ],
);

/** What each capped key awarded, per award and token: the sum of the last 24 hours is the cap's use. */
export const keyAwardUsage = service.table(
  "key_award_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The key line's first key, as in api_key_caps. */
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    awardId: bigint("award_id", { mode: "number" })
      .notNull()
      .references(() => awards.id, { onDelete: "cascade" }),
    amount: amount("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("key_award_usage_key_token_idx").on(t.keyId, t.tokenId, t.createdAt)],
);

/**
 * The request log (docs/service.md, "Request log"), as segments: one row per write of one
 * instance's buffer and project, its calls packed in `entries` (a JSON array of arrays, decoded
 * by the view `service.request_log`, migrations 0013 and 0014) and summarised in the other columns, so that
 * a read skips the segments that cannot match. One row per batch instead of one per call is what
 * keeps the log's cost on reads small (docs/benchmarks.md, "Service: the request log's cost"). It holds the
 * route pattern, never the raw path (GET paths carry the key), and no foreign keys, so writing it
 * never waits on a lock.
 */
export const requestLogSegments = service.table(
  "request_log_segments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id").notNull(),
    /** The earliest and latest arrival among its calls. */
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    entryCount: integer("entry_count").notNull(),
    /** Calls answered 400 or above. */
    errorCount: integer("error_count").notNull(),
    /**
     * Its kinds of call — each distinct (key id, status, method, route pattern) among its calls, an
     * entry naming its kind by its place in these four arrays — and so what a filter on any of them
     * looks at before decoding `entries`.
     */
    keyIds: integer("key_ids").array().notNull(),
    statuses: integer("statuses").array().notNull(),
    methods: text("methods").array().notNull(),
    routes: text("routes").array().notNull(),
    /** Each distinct CustomerID and RequestID among its calls, which entries name by their place. */
    customerIds: text("customer_ids").array().notNull(),
    requestIds: text("request_ids").array().notNull(),
    /**
     * The first 24 characters of the request ids the writing instance made (service/http/request-ids.ts):
     * an entry holds only its counter, as the step from the entry before.
     */
    idPrefix: text("id_prefix").notNull().default(""),
    /** The calls: see migration 0014 for the layout. */
    entries: text("entries").notNull(),
  },
  (t) => [
    index("request_log_segments_project_idx").on(t.projectId, t.id),
    index("request_log_segments_last_at_idx").on(t.lastAt),
    index("request_log_segments_request_ids_idx").using("gin", t.requestIds),
  ],
);

/**
 * Webhooks (docs/service.md, "Webhooks"): where a project's events go. `secret` signs them
 * (Standard Webhooks, `whsec_…`); while a rolled secret's grace period lasts, `previous_secret`
 * signs too, so a receiver may move to the new one without a failed check. The secret is answered
 * once, when the endpoint is made or its secret rolled, and never listed.
 */
export const WEBHOOK_ENDPOINT_STATES = ["enabled", "failing", "disabled"] as const;
export type WebhookEndpointState = (typeof WEBHOOK_ENDPOINT_STATES)[number];

export const webhookEndpoints = service.table(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it takes; empty: every one. */
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    /** enabled; failing (a delivery gave up, none succeeded since); disabled (by a person, or failing too long). */
    state: text("state").$type<WebhookEndpointState>().notNull().default("enabled"),
    /** Why it is disabled, in words ("" while it is not). */
    disabledReason: text("disabled_reason").notNull().default(""),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoints_project_idx").on(t.projectId),
    check("webhook_endpoints_state_check", sql`${t.state} in ('enabled', 'failing', 'disabled')`),
  ],
);

/** wallet.low: the project wallet of each contract of `token_id` fell below `below` (per endpoint). */
export const webhookThresholds = service.table(
  "webhook_thresholds",
  {
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    below: amount("below").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.endpointId, t.tokenId] }),
    index("webhook_thresholds_token_idx").on(t.tokenId),
    check("webhook_thresholds_below_check", sql`${t.below} > 0`),
  ],
);

/**
 * The outbox: one row per state change a webhook reports, written by triggers in the same
 * transaction as the change (migration 0021), so that none is lost or made up. Rows are written
 * only for projects with an endpoint that is not disabled. `payload` is the body, made once when
 * the sender first takes the event (`fanned_out`), so that every delivery and replay of an event
 * sends the same bytes. `dedup` makes a second row for the same change impossible.
 */
export const webhookEvents = service.table(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: uuid("event_id").notNull().defaultRandom(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** For one endpoint only (a test event, a threshold of that endpoint); null: every endpoint that takes the type. */
    endpointId: integer("endpoint_id").references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    awardId: bigint("award_id", { mode: "number" }),
    reversalId: bigint("reversal_id", { mode: "number" }),
    keyId: integer("key_id"),
    /** What the trigger knew that a later read could not (a balance at the time, a threshold). */
    data: text("data").notNull().default("{}"),
    dedup: text("dedup"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    fannedOut: boolean("fanned_out").notNull().default(false),
    payload: text("payload"),
  },
  (t) => [
    uniqueIndex("webhook_events_event_id_idx").on(t.eventId),
    uniqueIndex("webhook_events_dedup_idx").on(t.dedup),
    index("webhook_events_waiting_idx").on(t.id).where(sql`not ${t.fannedOut}`),
  ],
);

export const WEBHOOK_DELIVERY_STATES = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One event to one endpoint: made once per pair, retried until delivered or 3 days have passed. */
export const webhookDeliveries = service.table(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    state: text("state").$type<WebhookDeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds it until then; past it, the delivery is taken again (the sender stopped). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Retries stop 3 days after this (a replay starts it again). */
    retriesFrom: timestamp("retries_from", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'sending')`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    check("webhook_deliveries_state_check", sql`${t.state} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/** Every attempt of a delivery: what came back, how long it took, the start of the answer. */
export const webhookAttempts = service.table(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The delivery's endpoint, kept here so that an endpoint's health reads its own attempts. */
    endpointId: integer("endpoint_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The answer's status; null when none came (refused address, timeout, connection error). */
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    ok: boolean("ok").notNull(),
    /** Why it failed, in words, when no answer came ("" otherwise). */
    error: text("error").notNull().default(""),
    /** The first 500 characters of the answer's body. */
    excerpt: text("excerpt").notNull().default(""),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id),
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.at),
  ],
);
