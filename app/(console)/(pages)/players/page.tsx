import type { Metadata } from "next";
import { LookupForm } from "@/components/players/lookup-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Players" };

export default async function PlayersPage() {
  await requirePageUser("players:read");
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Players"
        description="Look a player up by the game's Customer ID: token balances, where they are held, and items."
      />
      <LookupForm autoFocus />
    </main>
  );
}
