import type { ReactNode } from "react";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

/** The signed-in shell. Every page below checks the session on the server through this layout and its own guard. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <span className="font-semibold">Game Commerce Console</span>
        <div className="flex items-center gap-3 text-sm">
          <span data-testid="current-user">
            {user.email} · {user.role}
          </span>
          <SignOutButton />
        </div>
      </header>
      {children}
    </div>
  );
}
