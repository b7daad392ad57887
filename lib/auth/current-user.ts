import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { keepConnectionsOfSignIn } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { countInRequest, oncePerRequest } from "@/lib/request/per-request";
import { consoleSecrets } from "@/lib/secrets";
import { can, type Permission } from "./permissions";
import { REQUESTED_PATH_HEADER, signInPath } from "./return-path";
import { readSessionCookie, sessionCookieName, sessionCookieValue } from "./session-cookie";
import { findSignedIn, mfaRequired, needsStepUp, type SignedIn } from "./sessions";
import type { ConsoleUser } from "./users";

/**
 * The signed-in user and their session as the database knows them now: an ended, idle or unknown
 * session, or a deactivated user, is no sign-in at all; a changed role applies at once
 * (docs/console.md, "Requests, roles and the one guard" and "Sessions").
 */
export function currentSignIn(): Promise<SignedIn | null> {
  // Once per request, however many guards of the request ask (lib/request/per-request.ts).
  return oncePerRequest("sign-in", async () => {
    await countInRequest("sign-in lookup");
    // The cookie's two ids (lib/auth/session-cookie.ts: not Auth.js's whole session endpoint).
    const name = sessionCookieName(await headers());
    const jar = new Map((await cookies()).getAll().map((cookie) => [cookie.name, cookie.value]));
    const ids = await readSessionCookie(
      sessionCookieValue(jar, name),
      consoleSecrets(consoleEnv()).authSecret,
      name,
    );
    const signedIn = ids ? await findSignedIn(await consoleDb(), ids.sessionId, ids.userId) : null;
    if (signedIn) await keepConnectionsOfSignIn(consoleEnv(), signedIn.user.id, signedIn.projects);
    return signedIn;
  });
}

export async function currentUser(): Promise<ConsoleUser | null> {
  return (await currentSignIn())?.user ?? null;
}

/** Whether this signed-in person must set up a second factor before anything else. */
export function mustSetUpMfa(signedIn: SignedIn): boolean {
  return (
    !signedIn.user.mfaEnrolled && mfaRequired(signedIn.user.role, signedIn, consoleEnv().CONSOLE_OWNER_MFA)
  );
}

export type Access =
  | { ok: true; user: ConsoleUser; signedIn: SignedIn }
  | { ok: false; reason: "signed-out" | "forbidden" | "mfa-setup" | "step-up"; message: string };

export interface AccessOptions {
  /** Money, users, connections and settings: a second factor given within 10 minutes (sessions.ts). */
  stepUp?: boolean;
  /** The few things a person must reach to set up their second factor (the Account page). */
  beforeMfaSetup?: boolean;
}

/**
 * The one guard of pages, server actions and route handlers: the session, the second factor the
 * console requires, then the user's current role against the permission, then step-up
 * (docs/console.md, "Requests, roles and the one guard"). Each caller only turns a refusal into
 * its own form: a redirect, an action error, a 401/403.
 */
export async function authorize(permission?: Permission, options: AccessOptions = {}): Promise<Access> {
  const signedIn = await currentSignIn();
  if (!signedIn)
    return { ok: false, reason: "signed-out", message: "Your session has ended: sign in again." };
  const { user } = signedIn;
  if (!options.beforeMfaSetup && mustSetUpMfa(signedIn))
    return {
      ok: false,
      reason: "mfa-setup",
      message: "Set up two-factor sign-in first (Account), then try again.",
    };
  if (permission && !can(user.role, permission))
    return { ok: false, reason: "forbidden", message: "Your role does not allow this." };
  if (options.stepUp && needsStepUp(signedIn, new Date(), consoleEnv().CONSOLE_STEP_UP_SECONDS * 1000))
    return {
      ok: false,
      reason: "step-up",
      message: "Confirm it is you: enter a code from your authenticator app, then try again.",
    };
  return { ok: true, user, signedIn };
}

/**
 * For pages: the user, or a redirect to sign-in that remembers the link asked for (set by
 * proxy.ts), to the Account page while a required second factor is missing, or to the "not
 * allowed" page for the role.
 */
export async function requirePageUser(
  permission?: Permission,
  options: AccessOptions = {},
): Promise<ConsoleUser> {
  const access = await authorize(permission, options);
  if (access.ok) return access.user;
  if (access.reason === "signed-out") redirect(signInPath((await headers()).get(REQUESTED_PATH_HEADER)));
  if (access.reason === "mfa-setup") redirect("/account");
  redirect(`/not-allowed?need=${encodeURIComponent(permission ?? "")}`);
}
