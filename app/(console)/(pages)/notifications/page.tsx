import type { Metadata } from "next";
import { BellList } from "@/components/notifications/bell-list";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readOwnBell } from "@/lib/notifications/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Notifications" };

/** The signed-in person's notifications, newest first: what waits for them, what was decided (every role). */
export default async function NotificationsPage() {
  const user = await requirePageUser("account:manage");
  // Reads only: marking read is the person's own act (the button), never the render's.
  const bell = await readOwnBell(user.id);
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Notifications"
        description="Approval requests waiting for you, and the decisions on the ones you asked for — the latest 20."
      />
      <BellList initial={bell} />
    </main>
  );
}
