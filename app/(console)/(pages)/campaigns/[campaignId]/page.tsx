import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignActions } from "@/components/campaigns/campaign-actions";
import { CampaignStatusBadge, OccurrenceStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { SendHeldButton } from "@/components/campaigns/send-held-button";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { readCampaignPage } from "@/lib/campaigns/page-reads";
import { groupDigits } from "@/lib/format/grouped-decimal";
import { isRowId } from "@/lib/model/row-id";
import { recordTitle } from "@/lib/pages/page-title";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/campaigns/[campaignId]">): Promise<Metadata> {
  return recordTitle(`Campaign ${(await params).campaignId}`, "Campaigns");
}

const FUNDS = { covered: "Covered by today's wallet", waits: "Would wait for project funds" } as const;

/** One campaign: its terms, the next five occurrences with their totals and funds, and every occurrence so far. */
export default async function CampaignPage({ params }: PageProps<"/campaigns/[campaignId]">) {
  const user = await requirePageUser("awards:read");
  const id = Number((await params).campaignId);
  const campaign = isRowId(id) ? await readCampaignPage(user, id) : null;
  if (!campaign) notFound();
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader title={campaign.name} description={campaign.schedule}>
        <CampaignStatusBadge status={campaign.status} />
        {can(user.role, "awards:send") ? (
          <>
            {campaign.mine && (campaign.status === "active" || campaign.status === "paused") ? (
              <Button asChild variant="outline">
                <Link href={`/campaigns/${campaign.id}/edit`}>Edit future occurrences</Link>
              </Button>
            ) : null}
            <CampaignActions campaignId={campaign.id} name={campaign.name} status={campaign.status} />
          </>
        ) : null}
      </PageHeader>
      {campaign.status === "awaiting-approval" && campaign.approvalId ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/5 p-3 text-sm">
          Waiting for another manager or owner to approve it:{" "}
          <Link href={`/approvals/${campaign.approvalId}`} className="underline underline-offset-2">
            approval request {campaign.approvalId}
          </Link>
          . No occurrence runs until then.
        </p>
      ) : null}
      <dl className="grid max-w-3xl grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] [&_dd]:break-words">
        <dt className="font-medium">Each player gets</dt>
        <dd>
          {campaign.lines
            .map(
              (line) =>
                `${line.amount === null ? "their amount from the list in" : groupDigits(line.amount)} ${line.symbol} (${line.chain})`,
            )
            .join(", ")}
          , as {campaign.mode === "allowance" ? "an allowance" : "a direct distribution"}
        </dd>
        <dt className="font-medium">Player list</dt>
        <dd>
          {campaign.list.name}: {groupDigits(String(campaign.list.players))} players
        </dd>
        <dt className="font-medium">Reason</dt>
        <dd>{campaign.reason}</dd>
        <dt className="font-medium">Created</dt>
        <dd>
          {campaign.createdBy}, <When iso={campaign.createdAt} />
        </dd>
      </dl>
      <section aria-label="Next occurrences" className="flex flex-col gap-2">
        <h2 className="text-base font-semibold">Next occurrences</h2>
        {campaign.fundsNote ? <p className="text-sm text-muted-foreground">{campaign.fundsNote}</p> : null}
        {campaign.upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: the campaign does not run again.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
            {campaign.upcoming.map((occurrence) => (
              <li
                key={occurrence.number}
                className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2"
              >
                <span>
                  <span className="font-medium">Occurrence {occurrence.number}</span>: {occurrence.wall} (
                  {campaign.timeZone}) — <When iso={occurrence.at} />
                  {campaign.status === "paused" ? " (paused: does not run)" : ""}
                </span>
                <span>
                  {occurrence.totals.join(" and ")}
                  {occurrence.funds ? ` · ${FUNDS[occurrence.funds]}` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-label="Occurrences so far" className="flex flex-col gap-2">
        <h2 className="text-base font-semibold">Occurrences so far</h2>
        {campaign.occurrences.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
            {campaign.occurrences.map((occurrence) => (
              <li key={occurrence.number} className="flex flex-col gap-1 px-4 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">Occurrence {occurrence.number}</span>
                  <OccurrenceStatusBadge status={occurrence.status} />
                  <span className="text-muted-foreground">
                    due <When iso={occurrence.dueAt} />
                  </span>
                  {occurrence.batchId ? (
                    <Link
                      href={`/awards/bulk/${occurrence.batchId}`}
                      className="underline underline-offset-2"
                    >
                      Batch {occurrence.batchId}
                    </Link>
                  ) : null}
                  {occurrence.sendable && can(user.role, "awards:send") ? (
                    <SendHeldButton
                      campaignId={campaign.id}
                      name={campaign.name}
                      occurrence={occurrence.number}
                    />
                  ) : null}
                </span>
                {occurrence.note ? <span className="text-muted-foreground">{occurrence.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
