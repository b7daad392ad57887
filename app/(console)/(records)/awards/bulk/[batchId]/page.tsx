import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApprovalStatusPanel } from "@/components/awards/approval-status-panel";
import { AwardStatusField } from "@/components/awards/award-status-field";
import { AwardTable } from "@/components/awards/award-table";
import { BatchProgress } from "@/components/bulk/batch-progress";
import { BatchReversalPanel } from "@/components/bulk/batch-reversal-panel";
import { ListFromBatchForm } from "@/components/campaigns/list-from-batch-form";
import { PAGE_SIZE, pageParams, readTableView } from "@/components/data-table/url-state";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { historyView } from "@/lib/awards/history-view";
import { readBatchAwards } from "@/lib/awards/page-reads";
import { readBatchPage, readBatchReversal } from "@/lib/bulk/page-reads";
import { readBatchCampaign } from "@/lib/campaigns/page-reads";
import { recordTitle } from "@/lib/pages/page-title";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/awards/bulk/[batchId]">): Promise<Metadata> {
  return recordTitle(`Batch ${(await params).batchId}`, "Bulk awards");
}

/** One batch: who sent which file and why, its live progress, its results file. */
export default async function BatchPage({ params, searchParams }: PageProps<"/awards/bulk/[batchId]">) {
  const user = await requirePageUser("awards:read");
  const found = await readBatchPage(Number((await params).batchId));
  if (!found) notFound();
  const { batch, counts, approval } = found;
  // Its rows, a page at a time, in file order unless sorted; the status filter as the history's.
  const address = pageParams(await searchParams);
  const view = historyView(address, readTableView(address), PAGE_SIZE);
  const status = view.filters.status;
  const [rows, reversal, campaign] = await Promise.all([
    readBatchAwards(user, batch.id, status, { ...view.page, sort: view.sort }),
    readBatchReversal(batch.id),
    readBatchCampaign(batch.id),
  ]);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader title={`Batch ${batch.id}`} description={`${batch.fileName}: ${batch.rowCount} awards.`}>
        <Button asChild variant="outline">
          <a href={`/awards/bulk/${batch.id}/results.csv`}>Download results (CSV)</a>
        </Button>
      </PageHeader>
      {approval ? <ApprovalStatusPanel approval={approval} /> : null}
      <dl className="grid max-w-3xl grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] [&_dd]:break-words">
        <dt className="font-medium">Sent by</dt>
        <dd>{batch.actorEmail}</dd>
        <dt className="font-medium">Created</dt>
        <dd>
          <When iso={batch.createdAt.toISOString()} seconds />
        </dd>
        <dt className="font-medium">Reason</dt>
        <dd>{batch.reason}</dd>
        {campaign ? (
          <>
            <dt className="font-medium">Campaign</dt>
            <dd>
              <Link href={`/campaigns/${campaign.campaignId}`} className="underline underline-offset-2">
                {campaign.name}
              </Link>
              , occurrence {campaign.number}
            </dd>
          </>
        ) : (
          <>
            <dt className="font-medium">File SHA-256</dt>
            <dd className="font-mono text-xs break-all">{batch.fileSha256}</dd>
          </>
        )}
      </dl>
      <BatchProgress
        batchId={batch.id}
        initial={{ status: batch.status, error: batch.error, counts }}
        canRetry={can(user.role, "awards:send")}
      />
      {batch.status === "done" && can(user.role, "awards:send") ? (
        <ListFromBatchForm batchId={batch.id} />
      ) : null}
      {batch.status === "done" || reversal ? (
        <BatchReversalPanel
          batchId={batch.id}
          initial={reversal}
          canReverse={can(user.role, "awards:reverse")}
        />
      ) : null}
      <section aria-labelledby="rows-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="rows-heading" className="text-lg font-semibold">
          Rows
        </h2>
        <form method="get" className="flex flex-wrap items-end gap-3">
          <AwardStatusField id="rows-status" value={status} className="w-44" />
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </form>
        <AwardTable
          rows={rows.rows}
          symbols={rows.symbols}
          total={rows.total}
          filtered={status !== undefined}
        />
      </section>
      <p className="text-sm">
        Each row is an award in the{" "}
        <Link href="/awards" className="underline underline-offset-2">
          award trail
        </Link>
        , with its own RequestID and timeline.
      </p>
    </main>
  );
}
