import type { Metadata } from "next";
import { PlayerSearch } from "@/components/players/player-search";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Players" };

export default async function PlayersPage() {
  const user = await requirePageUser("players:read");
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Players"
        description="Find a player by any part of their Customer ID or the start of a wallet, and open their balances, items and history."
      />
      <PlayerSearch autoFocus canSaveList={can(user.role, "awards:send")} />
    </main>
  );
}
