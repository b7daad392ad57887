import type { Metadata } from "next";
import { CampaignCalendar } from "@/components/campaigns/campaign-calendar";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { DeleteListButton } from "@/components/campaigns/delete-list-button";
import { ListFromHistoryForm } from "@/components/campaigns/list-from-history-form";
import { PlayerListUpload } from "@/components/campaigns/player-list-upload";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { readCampaignsPage } from "@/lib/campaigns/page-reads";
import { groupDigits } from "@/lib/format/grouped-decimal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaigns" };

/** Scheduled and recurring awards to saved player lists, their calendar, and the lists. */
export default async function CampaignsPage() {
  const user = await requirePageUser("awards:read");
  const { campaigns, lists, calendar, tokens } = await readCampaignsPage(user);
  const sends = can(user.role, "awards:send");
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Campaigns"
        description="Awards that run on a schedule — once, daily, weekly, monthly or by a rule — to a saved player list. Each player is paid once per occurrence, whatever restarts; a missed occurrence runs once, late."
      >
        {sends ? (
          <Button asChild>
            <Link href="/campaigns/new">New campaign</Link>
          </Button>
        ) : null}
      </PageHeader>
      <section aria-label="Campaigns" className="flex flex-col gap-3">
        {campaigns.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No campaign yet.{sends ? " Upload a player list below, then create one." : ""}
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Card>
                  <CardHeader>
                    <CardTitle className="flex flex-wrap items-center gap-2">
                      <Link href={`/campaigns/${campaign.id}`} className="underline-offset-2 hover:underline">
                        {campaign.name}
                      </Link>
                      <CampaignStatusBadge status={campaign.status} />
                    </CardTitle>
                    <CardDescription>{campaign.schedule}</CardDescription>
                  </CardHeader>
                  <CardContent className="text-sm">
                    <p>
                      {campaign.perOccurrence.join(" and ")} to {groupDigits(String(campaign.players))}{" "}
                      players of "{campaign.listName}" each time.
                    </p>
                    <p className="text-muted-foreground">
                      {campaign.next ? (
                        <>
                          Next: <When iso={campaign.next} />
                        </>
                      ) : (
                        "No occurrence ahead."
                      )}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CampaignCalendar entries={calendar} today={new Date().toISOString()} />
      <section aria-label="Player lists" className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">Player lists</h2>
        <p className="text-sm text-muted-foreground">
          A list never changes once saved: a campaign pays, at every occurrence, the players that were
          approved.
        </p>
        {lists.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
            {lists.map((list) => (
              <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span className="font-medium">{list.name}</span>
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-muted-foreground">
                    {groupDigits(String(list.players))} players{list.hasAmounts ? " with amounts" : ""} · from{" "}
                    {list.source} · {list.createdBy} · <When iso={list.createdAt} />
                    {list.usedBy > 0
                      ? ` · used by ${list.usedBy} campaign${list.usedBy === 1 ? "" : "s"}`
                      : ""}
                  </span>
                  {sends && list.usedBy === 0 ? (
                    <DeleteListButton
                      listId={list.id}
                      name={list.name}
                      players={groupDigits(String(list.players))}
                    />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {sends ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Upload a list</CardTitle>
              </CardHeader>
              <CardContent>
                <PlayerListUpload />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>From the award history</CardTitle>
                <CardDescription>Or from a bulk batch: its page saves its players as a list.</CardDescription>
              </CardHeader>
              <CardContent>
                <ListFromHistoryForm tokens={tokens} />
              </CardContent>
            </Card>
          </div>
        ) : null}
      </section>
    </main>
  );
}
