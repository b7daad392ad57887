import type { ReactNode } from "react";
import { NavLinks } from "@/components/layout/nav-links";
import { ProjectSwitcher } from "@/components/layout/project-switcher";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { LiveProviders } from "@/components/live/live-providers";
import { LookupShortcut } from "@/components/players/lookup-shortcut";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { projectContext } from "@/lib/project/current-project";
import { offersExtensions } from "@/lib/project/extensions";

export const dynamic = "force-dynamic";

/** The signed-in shell. Every page below checks the session on the server through this layout and its own guard. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const { available, chosen, connection } = await projectContext(user.id);
  // The wallet is our extension: hidden for a service that answers that it has none.
  const wallet = can(user.role, "wallet:read") && (await offersExtensions(connection)) !== false;
  const links = [
    { href: "/catalogue/products", label: "Products" },
    { href: "/catalogue/prices", label: "Prices" },
    { href: "/catalogue/tokens", label: "Tokens" },
    { href: "/catalogue/translations", label: "Translations" },
    { href: "/players", label: "Players" },
    { href: "/awards", label: "Awards" },
    ...(wallet ? [{ href: "/wallet", label: "Wallet" }] : []),
    ...(can(user.role, "users:manage") ? [{ href: "/settings", label: "Settings" }] : []),
  ];
  return (
    <LiveProviders>
      <div className="min-h-screen">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
          <div className="flex flex-wrap items-center gap-6">
            <span className="font-semibold">Game Commerce Console</span>
            <ProjectSwitcher
              projects={available.map(({ ref, name, projectGuid }) => ({ ref, name, projectGuid }))}
              chosen={chosen?.ref ?? null}
            />
          </div>
          <div className="flex items-center gap-3 text-sm">
            <LookupShortcut />
            <span data-testid="current-user">
              {user.email} · {user.role}
            </span>
            <SignOutButton />
          </div>
        </header>
        <nav aria-label="Console" className="border-b border-zinc-200 px-6 py-2 dark:border-zinc-800">
          <NavLinks links={links} />
        </nav>
        {children}
      </div>
    </LiveProviders>
  );
}
