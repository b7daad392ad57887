import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AwardTable } from "@/components/awards/award-table";
import { PlayerReversals } from "@/components/awards/player-reversals";
import { ExportLink } from "@/components/data-table/export-link";
import { ItemList } from "@/components/players/item-list";
import { LookupForm } from "@/components/players/lookup-form";
import { PinnedNotes, PlayerNotes } from "@/components/players/player-notes";
import { PlayerTimeline } from "@/components/players/player-timeline";
import { PlayerTokens } from "@/components/players/player-tokens";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { readPlayerAwards, readPlayerReversals } from "@/lib/awards/page-reads";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { getCustomerItems, getCustomerTokens } from "@/lib/client/holdings";
import { recordTitle } from "@/lib/pages/page-title";
import { readNotesForPage } from "@/lib/player-notes/page-reads";
import { checkCustomerId } from "@/lib/players/customer-id";
import { playerTokens } from "@/lib/players/holdings";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/players/[customerId]">): Promise<Metadata> {
  return recordTitle((await params).customerId, "Players");
}

export default async function PlayerPage({ params }: PageProps<"/players/[customerId]">) {
  const user = await requirePageUser("players:read");
  const typed = decodeURIComponent((await params).customerId);
  const checked = checkCustomerId(typed);
  // A link with spaces around the ID shows the player it means (docs/console.md, "Customer IDs").
  if (checked.ok && checked.id !== typed) redirect(`/players/${encodeURIComponent(checked.id)}`);
  const customerId = checked.ok ? checked.id : typed;
  const header = (
    <PageHeader
      title={`Player ${customerId}`}
      description="Token balances, where they are held, items, staff notes and everything done to the player."
    >
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:items-end">
        <LookupForm initial={customerId} />
        {checked.ok && can(user.role, "awards:send") ? (
          <Button asChild>
            <Link href={`/awards/new?customer=${encodeURIComponent(customerId)}`}>Award tokens</Link>
          </Button>
        ) : null}
      </div>
    </PageHeader>
  );
  if (!checked.ok) {
    return (
      <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
        {header}
        <p role="alert" className="text-destructive">
          Not a Customer ID: it {checked.problem}.
        </p>
      </main>
    );
  }
  const { read } = await readProject("players:read", async (connection) => {
    const [tokens, items, sent, reversals, notes] = await Promise.all([
      getCustomerTokens(connection, customerId),
      getCustomerItems(connection, customerId),
      readPlayerAwards(customerId, connection.projectGuid, 20),
      readPlayerReversals(customerId, connection.projectGuid, 20),
      readNotesForPage(user, connection.projectGuid, customerId),
    ]);
    // The project's token list names the awards' tokens: not asked for a player with none.
    const symbols = sent.rows.length > 0 ? await tokenSymbols(connection) : new Map<string, string>();
    return {
      tokens: playerTokens(tokens.Data.Tokens),
      items: items.Items,
      awards: sent.rows,
      awardCount: sent.total,
      reversals,
      symbols,
      notes,
    };
  });
  if (!read.ok) {
    return (
      <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
        {header}
        <ServiceFailurePanel failure={read.failure} />
      </main>
    );
  }
  const { tokens, items, awards, awardCount, reversals, symbols, notes } = read.data;
  const pinned = notes
    .filter((note) => note.pinned && note.hiddenBy === null)
    .map((note) => ({ ...note, customerId }));
  const awardsSection = (
    <section aria-labelledby="awards-heading" className="flex flex-col gap-3">
      <h2 id="awards-heading" className="text-lg font-semibold">
        Awards sent from this console
      </h2>
      {awards.length > 0 ? (
        <>
          <AwardTable rows={awards} symbols={symbols} urlKey="awards" />
          {awardCount > awards.length ? (
            <Link
              href={`/awards?customer=${encodeURIComponent(customerId)}`}
              className="inline-flex min-h-10 items-center text-sm underline underline-offset-2"
            >
              All {awardCount} awards to this player
            </Link>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">None.</p>
      )}
      <PlayerReversals reversals={reversals} symbolOf={(guid) => symbols.get(guid) ?? guid} />
    </section>
  );
  return (
    <main className="flex min-w-0 flex-col gap-8 px-6 py-6">
      {header}
      <PinnedNotes notes={pinned} />
      {tokens.length === 0 && items.length === 0 ? (
        <p
          data-testid="player-empty"
          className="rounded-lg border border-dashed border-border p-6 text-center"
        >
          This player has no tokens or items in this project.
        </p>
      ) : (
        <>
          <section aria-labelledby="tokens-heading" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="tokens-heading" className="text-lg font-semibold">
                Tokens
              </h2>
              {tokens.length > 0 ? (
                <ExportLink href={`/players/${encodeURIComponent(customerId)}/export.csv`} />
              ) : null}
            </div>
            {tokens.length > 0 ? (
              <PlayerTokens tokens={tokens} />
            ) : (
              <p className="text-sm text-muted-foreground">No tokens.</p>
            )}
          </section>
          <section aria-labelledby="items-heading" className="flex flex-col gap-3">
            <h2 id="items-heading" className="text-lg font-semibold">
              Items
            </h2>
            {items.length > 0 ? (
              <ItemList items={items} />
            ) : (
              <p className="text-sm text-muted-foreground">No items.</p>
            )}
          </section>
        </>
      )}
      {awardsSection}
      <PlayerNotes
        customerId={customerId}
        notes={notes}
        canWrite={can(user.role, "notes:write")}
        canModerate={can(user.role, "notes:moderate")}
      />
      <PlayerTimeline customerId={customerId} />
    </main>
  );
}
