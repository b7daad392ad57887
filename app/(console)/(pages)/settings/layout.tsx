import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings/settings-nav";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

/** Settings are for owners; each page checks again, since layouts do not re-run on every navigation. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  await requirePageUser("users:manage");
  return (
    <div className="flex min-w-0 flex-col gap-2 px-6 pt-4">
      <SettingsNav />
      {children}
    </div>
  );
}
