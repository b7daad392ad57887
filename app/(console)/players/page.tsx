import { PageHeader } from "@/components/layout/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

// Not built yet: player lookup is the next piece of work (see README, "Status").
export default async function PlayersPage() {
  await requirePageUser("players:read");
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader title="Players" description="Player lookup by Customer ID is not built yet." />
    </main>
  );
}
