import type { Metadata } from "next";
import { AccountSecurity } from "@/components/account/account-security";
import { Link } from "@/components/ui/link";
import { currentSignIn, mustSetUpMfa, requirePageUser } from "@/lib/auth/current-user";
import { ConsoleShell } from "../console-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account" };

/**
 * One's own account (docs/console.md, "Two-factor sign-in"): the second factor and the sessions.
 * Outside the `(console)` group, whose layout sends a person the console makes set up a second
 * factor here from every other page until they have; in the same shell, without its links then.
 */
export default async function AccountPage() {
  const user = await requirePageUser(undefined, { beforeMfaSetup: true });
  const signedIn = await currentSignIn();
  const required = signedIn ? mustSetUpMfa(signedIn) : false;
  return (
    <ConsoleShell user={user} setUp={required}>
      <main className="flex w-full max-w-2xl flex-col gap-6 px-6 py-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
          <p className="text-sm text-muted-foreground">
            {user.email} · {user.role}
          </p>
        </div>
        {required ? (
          <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            This console requires two-factor sign-in for your role: set it up to go on.
          </p>
        ) : null}
        <AccountSecurity userId={user.id} enrolled={signedIn?.user.mfaEnrolled ?? false} />
        {required ? null : (
          <Link href="/" className="text-sm underline underline-offset-4">
            Back to the console
          </Link>
        )}
      </main>
    </ConsoleShell>
  );
}
