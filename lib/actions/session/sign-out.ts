"use server";
import "server-only";
import { requestActor } from "@/lib/audit/request-actor";
import { signOutSession } from "@/lib/auth/account";
import { signOut } from "@/lib/auth/auth";
import { currentSignIn } from "@/lib/auth/current-user";
import { consoleDb } from "@/lib/db/console-db";

/**
 * Ends the session on the server too, so a copy of the cookie is worth nothing afterwards — before
 * the cookie is cleared, so a failure leaves the person signed in and told, not signed out in the
 * browser only. Auth.js's own /api/auth/signout ends it through the `signOut` event (auth.ts).
 */
export async function signOutAction(): Promise<void> {
  const signedIn = await currentSignIn();
  if (signedIn) await signOutSession(await consoleDb(), signedIn, await requestActor(signedIn.user));
  await signOut({ redirectTo: "/sign-in" });
}
