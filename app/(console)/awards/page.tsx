import { PageHeader } from "@/components/layout/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

// Not built yet: awarding tokens and the award trail are the next piece of work (see README, "Status").
export default async function AwardsPage() {
  await requirePageUser("awards:read");
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader title="Awards" description="Awarding tokens and the award history are not built yet." />
    </main>
  );
}
