import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { consoleDb } from "@/lib/db/console-db";
import { auth } from "./auth";
import { can, type Permission } from "./permissions";
import { REQUESTED_PATH_HEADER, signInPath } from "./return-path";
import { type ConsoleUser, findUser } from "./users";

/**
 * The signed-in user as the database knows them now: a deactivated or deleted user has no
 * session any more, and a changed role applies at once (DESIGN §7).
 */
export async function currentUser(): Promise<ConsoleUser | null> {
  const session = await auth();
  const id = Number(session?.user?.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const user = await findUser(await consoleDb(), id);
  return user?.active ? user : null;
}

export type Access =
  | { ok: true; user: ConsoleUser }
  | { ok: false; reason: "signed-out" | "forbidden"; message: string };

/**
 * The one guard of pages, server actions and route handlers: the session, then the user's
 * current role against the permission (docs/console.md, "Requests, roles and the one guard").
 * Each caller only turns a refusal into its own form: a redirect, an action error, a 401/403.
 */
export async function authorize(permission?: Permission): Promise<Access> {
  const user = await currentUser();
  if (!user) return { ok: false, reason: "signed-out", message: "Your session has ended: sign in again." };
  if (permission && !can(user.role, permission))
    return { ok: false, reason: "forbidden", message: "Your role does not allow this." };
  return { ok: true, user };
}

/**
 * For pages: the user, or a redirect to sign-in that remembers the link asked for (set by
 * proxy.ts), or to the "not allowed" page for the role.
 */
export async function requirePageUser(permission?: Permission): Promise<ConsoleUser> {
  const access = await authorize(permission);
  if (access.ok) return access.user;
  if (access.reason === "signed-out") redirect(signInPath((await headers()).get(REQUESTED_PATH_HEADER)));
  redirect(`/not-allowed?need=${encodeURIComponent(permission ?? "")}`);
}
