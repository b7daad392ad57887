import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApprovalStatusPanel } from "@/components/awards/approval-status-panel";
import { AwardReversals } from "@/components/awards/award-reversals";
import { LiveAwardStatus } from "@/components/awards/live-award-status";
import { RetryButton } from "@/components/awards/retry-button";
import { PlayerLink } from "@/components/players/player-link";
import { Amount } from "@/components/ui/amount";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { MOVING_STATUSES } from "@/lib/awards/moving-statuses";
import { readAwardPage, readAwardReversals } from "@/lib/awards/page-reads";
import { canRetry } from "@/lib/awards/trail";
import { groupDigits } from "@/lib/format/grouped-decimal";
import { EVENT_LABELS } from "@/lib/model/award-events";
import { recordTitle } from "@/lib/pages/page-title";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/awards/[requestId]">): Promise<Metadata> {
  return recordTitle((await params).requestId, "Awards");
}

/** One award's timeline: created, each send, each outcome, later status changes. */
export default async function AwardPage({ params }: PageProps<"/awards/[requestId]">) {
  const user = await requirePageUser("awards:read");
  const requestId = decodeURIComponent((await params).requestId);
  const found = await readAwardPage(user, requestId);
  // The layout answered 404 for none; gone since (a test database reset) is the same.
  if (!found) notFound();
  const { award, symbols, timeline, approval } = found;
  const reversals = await readAwardReversals(user, award, symbols);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title={`Award to ${award.customerId}`}
        description={<code className="font-mono break-all">{award.requestId}</code>}
      />
      {approval ? <ApprovalStatusPanel approval={approval} /> : null}
      <dl className="grid max-w-2xl grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2 [&_dd]:mb-2 [&_dd]:break-words sm:[&_dd]:mb-0">
        <dt className="text-muted-foreground">Status</dt>
        <dd data-testid="award-status">
          <LiveAwardStatus
            requestId={award.requestId}
            initial={award.status}
            watch={MOVING_STATUSES.includes(award.status) ? [award.requestId] : []}
            refreshOnChange
          />
        </dd>
        {award.error ? (
          <>
            <dt className="text-muted-foreground">What happened</dt>
            <dd>{award.error}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Player</dt>
        <dd>
          <PlayerLink customerId={award.customerId} />
        </dd>
        {award.batchId ? (
          <>
            <dt className="text-muted-foreground">Bulk batch</dt>
            <dd>
              <Link href={`/awards/bulk/${award.batchId}`} className="underline underline-offset-2">
                Batch {award.batchId}
              </Link>
              , line {award.batchLine}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Mode</dt>
        <dd>
          {award.isAllowance ? (
            `Allowance${award.isMintable ? " (mintable)" : ""}`
          ) : (
            <>
              Direct distribution to <code className="font-mono text-xs break-all">{award.wallet}</code>
            </>
          )}
        </dd>
        <dt className="text-muted-foreground">Tokens</dt>
        <dd className="font-mono break-all">
          {award.lines.map((line) => (
            <span key={`${line.Guid}|${line.ContractGuid}`} className="block">
              <Amount value={line.Amount} /> {symbols.get(line.Guid.toLowerCase()) ?? line.Guid} (contract{" "}
              {line.ContractGuid})
            </span>
          ))}
        </dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd>{award.reason}</dd>
        <dt className="text-muted-foreground">Sent by</dt>
        <dd>{award.actorEmail}</dd>
        <dt className="text-muted-foreground">Service</dt>
        <dd>
          <code className="font-mono text-xs break-all">{award.baseUrl}</code> · project{" "}
          <code className="font-mono text-xs break-all">{award.projectGuid}</code>
        </dd>
      </dl>
      {canRetry(award) && can(user.role, "awards:send") ? (
        <RetryButton
          requestId={award.requestId}
          summary={`${award.lines.map((line) => `${groupDigits(line.Amount)} ${symbols.get(line.Guid.toLowerCase()) ?? line.Guid}`).join(", ")} to “${award.customerId}”`}
        />
      ) : null}
      <AwardReversals
        requestId={award.requestId}
        customerId={award.customerId}
        trail={reversals.trail}
        view={reversals.view}
        symbolOf={(guid) => symbols.get(guid) ?? guid}
      />
      <section aria-labelledby="timeline-heading" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="timeline-heading" className="text-lg font-semibold">
            Timeline
          </h2>
          {can(user.role, "requests:read") ? (
            <Link
              href={`/developers/requests?RequestID=${encodeURIComponent(award.requestId)}`}
              className="text-sm underline underline-offset-2"
            >
              What the service saw
            </Link>
          ) : null}
        </div>
        <ol
          data-testid="award-timeline"
          className="flex flex-col gap-2 border-l border-border pl-4 text-sm break-words"
        >
          {timeline.map((event) => (
            <li key={event.id}>
              <When iso={event.at.toISOString()} seconds className="text-muted-foreground" />{" "}
              <span className="font-medium">{EVENT_LABELS[event.kind]}</span>
              {event.status && event.kind !== "created" ? <> · {event.status}</> : null}
              {event.actorEmail ? <> · {event.actorEmail}</> : null}
              {event.detail ? <span className="block">{event.detail}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
