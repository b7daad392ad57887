import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { STORED_CONNECTIONS_JSON, type StoredConnectionRow } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { sessions } from "@/lib/db/schema";
import type { Role } from "@/lib/model/roles";
import { forgetInRequest } from "@/lib/request/per-request";
import { settingsFromRows } from "@/lib/settings/console-settings";
import type { ConsoleUser } from "./users";

/**
 * Server-side sessions (docs/console.md, "Sessions"): the signed cookie names a row here, and
 * every request checks it. A session ends at sign-out, when its user is deactivated, changes role,
 * password or second factor, when an owner signs them out everywhere — and when nobody used it for
 * the idle timeout (a setting). Reading a session never writes: activity is recorded by actions
 * and by the page's activity signal (app/api/session/activity).
 */

/**
 * A step-up (money, users, connections, settings) needs a second factor given this recently: the
 * default of CONSOLE_STEP_UP_SECONDS (lib/env.ts).
 */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;
/**
 * A session ends this long after sign-in, however active: the cookie's own expiry (lib/auth/auth.ts)
 * and, so that no re-issued cookie outlives it, the server's check below.
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
/** Activity is written at most this often per session: enough for a timeout counted in minutes. */
const ACTIVITY_GRANULARITY_MS = 30 * 1000;

export type EndReason =
  | "signed-out"
  | "signed-out-everywhere"
  | "deactivated"
  | "role-changed"
  | "password-changed"
  | "mfa-reset"
  | "mfa-enrolled";

export interface StaffSession {
  id: string;
  secondFactorAt: Date | null;
  lastActiveAt: Date;
}

export interface SignedIn {
  user: ConsoleUser & { mfaEnrolled: boolean };
  session: StaffSession;
  idleTimeoutMinutes: number;
  mfaRequiredFor: "owners" | "everyone";
  /** The time zone the person chose for the console's times; null: their browser's (lib/time). */
  timeZone: string | null;
  /** The stored project connections and the one the person chose last, read in the same statement. */
  projects: { connections: StoredConnectionRow[]; chosenConnection: string | null };
}

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export async function startSession(
  db: ConsoleDb,
  userId: number,
  {
    client,
    userAgent,
    secondFactor,
    now = new Date(),
  }: { client: string; userAgent: string; secondFactor: boolean; now?: Date },
): Promise<string> {
  const id = newSessionId();
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastActiveAt: now,
    secondFactorAt: secondFactor ? now : null,
    client: client.slice(0, 100),
    userAgent: userAgent.slice(0, 300),
  });
  return id;
}

type Row = {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  mfa_enrolled: boolean;
  session_id: string;
  second_factor_at: Date | string | null;
  created_at: Date | string;
  last_active_at: Date | string;
  ended_at: Date | string | null;
  settings: { key: string; value: unknown }[];
  time_zone: string | null;
  chosen_connection: string | null;
  connections: StoredConnectionRow[];
};

/**
 * The session and its user as they are now, or null when the session ended, went idle past the
 * timeout, is older than SESSION_MAX_AGE_SECONDS, or its user was deactivated. One statement, with the owners' settings (the idle
 * timeout, who needs a second factor), the person's time zone, the project connections and the
 * one the person chose: every signed-in request asks this first (the request context,
 * lib/request/per-request.ts), and each statement costs a round trip and the database's work.
 */
export async function findSignedIn(
  db: ConsoleDb,
  sessionId: string,
  userId: number,
  now = new Date(),
): Promise<SignedIn | null> {
  const found = (await db.execute(sql`
    select u.id, u.email, u.name, u.role, u.active, u.totp_enrolled_at is not null as mfa_enrolled,
           s.id as session_id, s.second_factor_at, s.created_at, s.last_active_at, s.ended_at,
           (select coalesce(json_agg(json_build_object('key', c.key, 'value', c.value)), '[]'::json)
            from console.settings c) as settings,
           us.time_zone, us.connection as chosen_connection,
           ${STORED_CONNECTIONS_JSON} as connections
    from console.sessions s
    join console.users u on u.id = s.user_id
    left join console.user_settings us on us.user_id = u.id
    where s.id = ${sessionId} and s.user_id = ${userId}`)) as unknown as { rows: Row[] };
  const row = found.rows[0];
  if (!row || row.ended_at !== null || !row.active) return null;
  const settings = settingsFromRows(row.settings);
  const lastActiveAt = new Date(row.last_active_at);
  if (now.getTime() - lastActiveAt.getTime() > settings.idleTimeoutMinutes * 60_000) return null;
  if (now.getTime() - new Date(row.created_at).getTime() > SESSION_MAX_AGE_SECONDS * 1000) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      active: row.active,
      mfaEnrolled: row.mfa_enrolled,
    },
    session: {
      id: row.session_id,
      secondFactorAt: row.second_factor_at === null ? null : new Date(row.second_factor_at),
      lastActiveAt,
    },
    idleTimeoutMinutes: settings.idleTimeoutMinutes,
    mfaRequiredFor: settings.mfaRequiredFor,
    timeZone: row.time_zone,
    projects: { connections: row.connections, chosenConnection: row.chosen_connection },
  };
}

/** Records that the person did something; a no-op within the granularity, and for ended sessions. */
export async function touchSession(db: ConsoleDb, sessionId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - ACTIVITY_GRANULARITY_MS);
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        sql`${sessions.lastActiveAt} < ${since.toISOString()}`,
      ),
    );
}

export async function markSecondFactor(db: ConsoleDb, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now, lastActiveAt: now }).where(eq(sessions.id, sessionId));
  // What this request knew of its session is out of date (lib/request/per-request.ts).
  await forgetInRequest("sign-in");
}

/** True when a step-up action must first ask for a second factor again. */
export function needsStepUp(
  signedIn: Pick<SignedIn, "user" | "session">,
  now = new Date(),
  windowMs = STEP_UP_WINDOW_MS,
): boolean {
  if (!signedIn.user.mfaEnrolled) return false;
  const at = signedIn.session.secondFactorAt;
  return !at || now.getTime() - at.getTime() > windowMs;
}

export async function endSession(db: ConsoleDb, sessionId: string, reason: EndReason): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  await forgetInRequest("sign-in");
}

/** Ends every open session of a user (but `except`, the caller's own); returns how many ended. */
export async function endSessionsOf(
  db: ConsoleDb,
  userId: number,
  reason: EndReason,
  except?: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        except ? ne(sessions.id, except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await forgetInRequest("sign-in");
  return ended.length;
}

/** Whether a user is made to set up a second factor before anything else. */
export function mfaRequired(
  role: Role,
  { mfaRequiredFor }: { mfaRequiredFor: "owners" | "everyone" },
  ownerMfa: "required" | "optional",
): boolean {
  return mfaRequiredFor === "everyone" || (role === "owner" && ownerMfa === "required");
}
