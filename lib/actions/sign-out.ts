"use server";
import "server-only";
import { recordAudit } from "@/lib/audit/audit-log";
import { requestActor } from "@/lib/audit/request-actor";
import { signOut } from "@/lib/auth/auth";
import { currentSignIn } from "@/lib/auth/current-user";
import { endSession } from "@/lib/auth/sessions";
import { consoleDb } from "@/lib/db/console-db";

/** Ends the session on the server too, so a copy of the cookie is worth nothing afterwards. */
export async function signOutAction(): Promise<void> {
  const signedIn = await currentSignIn();
  if (signedIn) {
    const db = await consoleDb();
    await endSession(db, signedIn.session.id, "signed-out");
    await recordAudit(db, await requestActor(signedIn.user), { kind: "sign-out", summary: "Signed out" });
  }
  await signOut({ redirectTo: "/sign-in" });
}
