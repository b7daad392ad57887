import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/current-user";
import { ConsoleShell } from "../console-shell";

export const dynamic = "force-dynamic";

/**
 * Every console page sits in the shell (app/console-shell.tsx). Every page below checks the
 * session on the server through this layout and its own guard.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return <ConsoleShell user={user}>{children}</ConsoleShell>;
}
