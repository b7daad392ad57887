import { sql } from "drizzle-orm";
import { boolean, check, integer, pgSchema, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The console's own tables, in the schema `console` so that it may share a PostgreSQL server with
 * the service (DESIGN §2). The console never touches the service's tables.
 */
export const consoleSchema = pgSchema("console");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const ROLES = ["owner", "manager", "support"] as const;
export type Role = (typeof ROLES)[number];

export const users = consoleSchema.table(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased: one account per address, whatever case is typed. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role").$type<Role>().notNull(),
    /** scrypt, self-describing (lib/auth/password.ts). */
    passwordHash: text("password_hash").notNull(),
    active: boolean("active").notNull().default(true),
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
 * Failed sign-ins per account, in the database so that the slow-down holds across console
 * instances (DESIGN §7).
 */
export const loginThrottle = consoleSchema.table("login_throttle", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A service the console talks to: base URL, project and an API key encrypted at rest. */
export const connections = consoleSchema.table(
  "connections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    projectGuid: text("project_guid").notNull(),
    /** AES-256-GCM (lib/crypto/secret-box.ts); the plain key is never stored. */
    apiKeyCiphertext: text("api_key_ciphertext").notNull(),
    /** The last four characters, the most the interface ever shows. */
    apiKeyLast4: text("api_key_last4").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("connections_name_idx").on(sql`lower(${t.name})`)],
);

/** Per-user choices, e.g. the project (connection) last chosen in the switcher. */
export const userSettings = consoleSchema.table("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `db:<id>` for a stored connection, `env` for the one from the environment. */
  connection: text("connection"),
});
