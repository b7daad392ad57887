import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

/** Settings are for owners; each page checks again, since layouts do not re-run on every navigation. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  await requirePageUser("users:manage");
  return (
    <div className="flex min-w-0 flex-col gap-2 px-6 pt-4">
      <nav aria-label="Settings" className="flex flex-wrap gap-x-4 text-sm">
        <Link
          href="/settings/users"
          className="inline-flex min-h-10 items-center font-medium underline-offset-4 hover:underline"
        >
          Users
        </Link>
        <Link
          href="/settings/connections"
          className="inline-flex min-h-10 items-center font-medium underline-offset-4 hover:underline"
        >
          Connections
        </Link>
        <Link
          href="/settings/policies"
          className="inline-flex min-h-10 items-center font-medium underline-offset-4 hover:underline"
        >
          Award policies
        </Link>
        <Link
          href="/settings/security"
          className="inline-flex min-h-10 items-center font-medium underline-offset-4 hover:underline"
        >
          Security
        </Link>
      </nav>
      {children}
    </div>
  );
}
