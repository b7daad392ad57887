import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ApprovalActions } from "@/components/approvals/approval-actions";
import { ApprovalStatusBadge } from "@/components/approvals/approval-status-badge";
import { BatchRowsTable } from "@/components/approvals/batch-rows-table";
import { LiveAwardStatus } from "@/components/awards/live-award-status";
import { PlayerLink } from "@/components/players/player-link";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import {
  type ApprovalSubject,
  approvalChoices,
  approvalHistory,
  approvalRequestTitle,
  approveQuestion,
  awardMode,
  HISTORY_LABELS,
  isOverThreshold,
  standing,
  subjectText,
  totalsText,
  totalText,
} from "@/lib/approvals/approval-view";
import { currentSignIn, requirePageUser } from "@/lib/auth/current-user";
import { MOVING_STATUSES } from "@/lib/awards/moving-statuses";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { ApprovalStatus } from "@/lib/model/approval-status";
import type { ApprovalSummary } from "@/lib/model/approval-summary";
import { recordTitle } from "@/lib/pages/page-title";
import { BATCH_ROWS_SHOWN, readApprovalDetail } from "../approval-detail";

export const dynamic = "force-dynamic";

const DETAILS =
  "grid max-w-3xl grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2 [&_dd]:mb-2 [&_dd]:break-words sm:[&_dd]:mb-0 [&_dt]:text-muted-foreground";

const WHAT_HEADING: Record<ApprovalStatus, string> = {
  waiting: "What will be sent",
  approved: "What was sent",
  rejected: "What was asked for (never sent)",
  withdrawn: "What was asked for (never sent)",
  expired: "What was asked for (never sent)",
};

const REVERSAL_HEADING: Record<ApprovalStatus, string> = {
  waiting: "What will be taken back",
  approved: "What was taken back",
  rejected: "What was asked for (never taken back)",
  withdrawn: "What was asked for (never taken back)",
  expired: "What was asked for (never taken back)",
};

export async function generateMetadata({ params }: PageProps<"/approvals/[id]">): Promise<Metadata> {
  return recordTitle(`Request ${(await params).id}`, "Approvals");
}

const plural = (n: number, one: string, many: string) => `${groupDigits(String(n))} ${n === 1 ? one : many}`;

/** Each token's total against the threshold that sent the request here. */
function Totals({ totals }: { totals: ApprovalSummary["totals"] }) {
  return (
    <ul data-testid="approval-totals" className="flex flex-col gap-1">
      {totals.map((total) => (
        <li key={total.tokenGuid} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-mono font-medium">{totalText(total)}</span>
          <span className="text-muted-foreground">
            {total.threshold === null
              ? "no threshold"
              : `threshold ${totalText({ amount: total.threshold, symbol: total.symbol })}`}
          </span>
          {isOverThreshold(total) ? <Badge tone="info">Above the threshold</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/** What the batch's dry run flagged and the person who asked confirmed before sending it for approval. */
function confirmedText(confirmed: NonNullable<ApprovalSummary["batch"]>["confirmed"]): string[] {
  const said = [
    confirmed.repeats > 0
      ? `${plural(confirmed.repeats, "row repeats", "rows repeat")} another row of the file`
      : "",
    confirmed.recent > 0
      ? `${plural(confirmed.recent, "row repeats", "rows repeat")} an award sent to the player recently`
      : "",
    confirmed.newPlayers ? "it sends to players the service does not know yet" : "",
  ];
  return said.filter(Boolean);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * One four-eyes request (docs/console.md, "Approvals"): exactly what it would send, why it waits,
 * its history, and — for the right person while it waits — approve, reject or withdraw.
 */
export default async function ApprovalPage({ params }: PageProps<"/approvals/[id]">) {
  const user = await requirePageUser("awards:approve");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const [detail, signedIn] = await Promise.all([readApprovalDetail(id), currentSignIn()]);
  if (!detail) notFound();
  const { request, project, symbols, award, reversal, batchReversal, batch, batchRows } = detail;
  const now = new Date();
  const status = standing(request, now);
  const choices = approvalChoices(request, user.id, now);
  const summary = request.summary;
  const campaign = request.campaignId !== null ? { id: request.campaignId, ...summary.campaign } : null;
  const subject: ApprovalSubject = campaign
    ? { kind: "campaign", name: campaign.name ?? "", players: campaign.players ?? 0 }
    : award
      ? { kind: "award", customerId: award.customerId }
      : reversal
        ? { kind: "reversal", customerId: reversal.award.customerId }
        : batchReversal
          ? {
              kind: "batch-reversal",
              fileName: batchReversal.batch.fileName,
              rows: batchReversal.record.rowCount,
            }
          : {
              kind: "batch",
              fileName: batch?.fileName ?? summary.batch?.fileName ?? "",
              rows: batch?.rowCount ?? summary.batch?.rows ?? 0,
              players: summary.batch?.players,
            };
  const symbolOf = (guid: string) => symbols.get(guid.toLowerCase()) ?? guid;
  const confirmed = summary.batch ? confirmedText(summary.batch.confirmed) : [];

  // What the approval dialog restates under its question (plain text, for the browser).
  const details = campaign
    ? [
        `Campaign: ${campaign.name ?? ""}`,
        `Each occurrence pays ${totalsText(summary.totals)} to ${plural(campaign.players ?? 0, "player", "players")} of list "${campaign.listName ?? ""}"`,
        `When: ${campaign.schedule ?? ""}`,
        "Approved once for the whole schedule; each occurrence counts against the daily limit of the person who asked when it runs",
        `Project: ${project}`,
      ]
    : batchReversal
      ? [
          `File: ${batchReversal.batch.fileName} (batch ${batchReversal.batch.id})`,
          `Take back at most ${totalsText(summary.totals)} from ${plural(batchReversal.record.rowCount, "row", "rows")}: queued rows cancelled, paid ones taken back`,
          `Reason: ${batchReversal.record.reason}`,
          `Project: ${project}`,
        ]
      : reversal
        ? [
            `Player: ${reversal.award.customerId}`,
            `From: ${reversal.award.isAllowance ? "the player's allowance" : `wallet ${reversal.award.wallet}, back to the project wallet`}`,
            ...(reversal.record.lines?.map((line) => `Take back ${line.Amount} ${symbolOf(line.Guid)}`) ?? [
              `Take back everything still reversible (${totalsText(summary.totals)} when asked)`,
            ]),
            `Reason: ${reversal.record.reason}`,
            `ReversalID: ${reversal.record.reversalId}`,
            `Award: ${reversal.award.requestId}`,
            `Project: ${project}`,
          ]
        : award
          ? [
              `Player: ${award.customerId}`,
              `Mode: ${awardMode(award)}${award.isAllowance ? "" : ` to ${award.wallet}`}`,
              ...award.lines.map(
                (line) => `${line.Amount} ${symbolOf(line.Guid)} (contract ${line.ContractGuid})`,
              ),
              `Reason: ${award.reason}`,
              `RequestID: ${award.requestId}`,
              `Project: ${project}`,
            ]
          : [
              `File: ${subject.kind === "batch" ? subject.fileName : ""}`,
              ...(summary.batch
                ? [
                    `${plural(summary.batch.rows, "row", "rows")} to ${plural(summary.batch.players, "player", "players")}: ${plural(summary.batch.allowances, "allowance", "allowances")}, ${plural(summary.batch.directs, "direct distribution", "direct distributions")}`,
                  ]
                : []),
              ...(confirmed.length > 0 ? [`Confirmed by the person who asked: ${confirmed.join("; ")}`] : []),
              `Reason: ${batch?.reason ?? ""}`,
              `Project: ${project}`,
            ];

  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title={approvalRequestTitle(request.id)}
        description={`${subjectText(subject)}: ${totalsText(summary.totals)}.`}
      >
        <Button asChild variant="outline">
          <Link href="/approvals">All approvals</Link>
        </Button>
      </PageHeader>

      <dl className={DETAILS}>
        <dt>Status</dt>
        <dd data-testid="approval-status" className="flex flex-wrap items-center gap-2">
          <ApprovalStatusBadge status={status} />
          <span>
            {status === "waiting"
              ? "Nothing has been sent: it waits for another manager or owner."
              : status === "approved"
                ? campaign
                  ? "Approved: the campaign runs each occurrence when it is due."
                  : "Approved and sent; the outcome is below."
                : "Nothing was sent."}
          </span>
        </dd>
        <dt>Requested by</dt>
        <dd>
          {request.requesterEmail} · <When iso={request.createdAt.toISOString()} />
        </dd>
        {status === "waiting" ? (
          <>
            <dt>Expires</dt>
            <dd>
              <When iso={request.expiresAt.toISOString()} data-testid="approval-expires" /> · unsent if nobody
              decides by then
            </dd>
          </>
        ) : null}
        <dt>{status === "approved" ? "Outcome" : "In the trail"}</dt>
        <dd
          data-testid={status === "approved" ? "approval-outcome" : "approval-trail"}
          className="flex flex-wrap items-center gap-2"
        >
          {campaign ? (
            <Link href={`/campaigns/${campaign.id}`} className="underline underline-offset-2">
              Open the campaign
            </Link>
          ) : award ? (
            <>
              {/* Decided by someone else while this page is open: the page reads again. */}
              <LiveAwardStatus
                requestId={award.requestId}
                initial={award.status}
                watch={MOVING_STATUSES.includes(award.status) ? [award.requestId] : []}
                refreshOnChange
              />
              <Link href={`/awards/${award.requestId}`} className="underline underline-offset-2">
                Open the award
              </Link>
            </>
          ) : batchReversal ? (
            <Link href={`/awards/bulk/${batchReversal.batch.id}`} className="underline underline-offset-2">
              {status === "approved"
                ? `Open batch ${batchReversal.batch.id} and its reversal's progress`
                : `Open batch ${batchReversal.batch.id}`}
            </Link>
          ) : reversal ? (
            <>
              <span data-testid="approval-reversal-status">
                {reversal.record.status === "done"
                  ? "Reversed"
                  : reversal.record.status === "unknown"
                    ? "Outcome unknown: retry it from the award's page"
                    : reversal.record.status === "failed"
                      ? `Refused: ${reversal.record.error}`
                      : reversal.record.status === "awaiting-approval"
                        ? "Waiting"
                        : reversal.record.status}
              </span>
              <Link href={`/awards/${reversal.award.requestId}`} className="underline underline-offset-2">
                Open the award
              </Link>
            </>
          ) : batch ? (
            <Link href={`/awards/bulk/${batch.id}`} className="underline underline-offset-2">
              {status === "approved" ? `Open batch ${batch.id} and its progress` : `Open batch ${batch.id}`}
            </Link>
          ) : null}
        </dd>
      </dl>

      <Section
        id="approval-what"
        title={reversal || batchReversal ? REVERSAL_HEADING[status] : WHAT_HEADING[status]}
      >
        {campaign ? (
          <dl className={DETAILS} data-testid="approval-campaign">
            <dt>Campaign</dt>
            <dd>
              <Link href={`/campaigns/${campaign.id}`} className="underline underline-offset-2">
                {campaign.name}
              </Link>
            </dd>
            <dt>Players</dt>
            <dd>
              {plural(campaign.players ?? 0, "player", "players")} of list "{campaign.listName}" (a list never
              changes)
            </dd>
            <dt>Each occurrence</dt>
            <dd>
              <Totals totals={summary.totals} />
            </dd>
            <dt>When</dt>
            <dd>{campaign.schedule}</dd>
            <dt>Next occurrences</dt>
            <dd>
              <ul className="flex flex-col gap-1">
                {(campaign.next ?? []).map((at) => (
                  <li key={at}>
                    <When iso={at} />
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        ) : batchReversal ? (
          <dl className={DETAILS} data-testid="approval-batch-reversal">
            <dt>File</dt>
            <dd>{batchReversal.batch.fileName}</dd>
            <dt>Rows</dt>
            <dd>
              {plural(batchReversal.record.rowCount, "row", "rows")}: queued ones cancelled, paid ones taken
              back from the players' allowances or database wallets, each at most once
            </dd>
            <dt>Totals</dt>
            <dd>
              <Totals totals={summary.totals} />
            </dd>
            <dt>Reason</dt>
            <dd>{batchReversal.record.reason}</dd>
            <dt>Batch</dt>
            <dd>
              <Link href={`/awards/bulk/${batchReversal.batch.id}`} className="underline underline-offset-2">
                Batch {batchReversal.batch.id}
              </Link>
            </dd>
          </dl>
        ) : reversal ? (
          <dl className={DETAILS} data-testid="approval-reversal">
            <dt>Player</dt>
            <dd>
              <PlayerLink customerId={reversal.award.customerId} />
            </dd>
            <dt>Taken back from</dt>
            <dd>
              {reversal.award.isAllowance ? (
                "The player's allowance"
              ) : (
                <>
                  Wallet <code className="font-mono text-xs break-all">{reversal.award.wallet}</code>, back to
                  the project wallet
                </>
              )}
            </dd>
            <dt>Tokens</dt>
            <dd>
              <ul data-testid="approval-lines" className="flex flex-col gap-1">
                {(reversal.record.lines ?? []).map((line) => (
                  <li key={`${line.Guid}|${line.ContractGuid}`} className="break-all">
                    <Amount value={line.Amount} className="font-mono font-medium" /> {symbolOf(line.Guid)}
                  </li>
                ))}
                {reversal.record.lines ? null : <li>Everything of the award still reversible</li>}
              </ul>
            </dd>
            <dt>Totals</dt>
            <dd>
              <Totals totals={summary.totals} />
            </dd>
            <dt>Reason</dt>
            <dd>{reversal.record.reason}</dd>
            <dt>ReversalID</dt>
            <dd>
              <code className="font-mono text-xs break-all" data-testid="approval-reversal-id">
                {reversal.record.reversalId}
              </code>
              <span className="block text-xs text-muted-foreground">
                Sent with this ReversalID once approved: the service reverses it at most once.
              </span>
            </dd>
            <dt>Award</dt>
            <dd>
              <Link href={`/awards/${reversal.award.requestId}`} className="underline underline-offset-2">
                <code className="font-mono text-xs break-all">{reversal.award.requestId}</code>
              </Link>
            </dd>
          </dl>
        ) : award ? (
          <dl className={DETAILS} data-testid="approval-award">
            <dt>Player</dt>
            <dd>
              <PlayerLink customerId={award.customerId} />
            </dd>
            <dt>Mode</dt>
            <dd>
              {awardMode(award)}
              {award.isAllowance ? null : (
                <>
                  {" "}
                  to <code className="font-mono text-xs break-all">{award.wallet}</code>
                </>
              )}
            </dd>
            <dt>Tokens</dt>
            <dd>
              <ul data-testid="approval-lines" className="flex flex-col gap-1">
                {award.lines.map((line) => (
                  <li key={`${line.Guid}|${line.ContractGuid}`} className="break-all">
                    <Amount value={line.Amount} className="font-mono font-medium" /> {symbolOf(line.Guid)}{" "}
                    <span className="text-muted-foreground">
                      contract <code className="font-mono text-xs">{line.ContractGuid}</code>
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>Totals</dt>
            <dd>
              <Totals totals={summary.totals} />
            </dd>
            <dt>Reason</dt>
            <dd>{award.reason}</dd>
            <dt>RequestID</dt>
            <dd>
              <code className="font-mono text-xs break-all" data-testid="approval-request-id">
                {award.requestId}
              </code>
              <span className="block text-xs text-muted-foreground">
                Sent with this RequestID once approved: the service pays it at most once.
              </span>
            </dd>
            <dt>Project</dt>
            <dd>
              {project} · <code className="font-mono text-xs break-all">{award.baseUrl}</code> · project{" "}
              <code className="font-mono text-xs break-all">{award.projectGuid}</code>
            </dd>
          </dl>
        ) : batch ? (
          <dl className={DETAILS} data-testid="approval-batch">
            <dt>File</dt>
            <dd>{batch.fileName}</dd>
            <dt>File SHA-256</dt>
            <dd className="font-mono text-xs break-all">{batch.fileSha256}</dd>
            {summary.batch ? (
              <>
                <dt>Rows</dt>
                <dd>
                  {plural(summary.batch.rows, "row", "rows")} to{" "}
                  {plural(summary.batch.players, "player", "players")}
                </dd>
                <dt>Modes</dt>
                <dd>
                  {plural(summary.batch.allowances, "allowance", "allowances")},{" "}
                  {plural(summary.batch.directs, "direct distribution", "direct distributions")}
                </dd>
                <dt>The dry run flagged</dt>
                <dd data-testid="approval-confirmed">
                  {confirmed.length > 0 ? (
                    <>{confirmed.join("; ")}: the person who asked saw it and confirmed.</>
                  ) : (
                    "Nothing: no repeated rows, no recent repeats, no new players."
                  )}
                </dd>
              </>
            ) : null}
            <dt>Totals</dt>
            <dd>
              <Totals totals={summary.totals} />
            </dd>
            <dt>Reason</dt>
            <dd>{batch.reason}</dd>
            <dt>Project</dt>
            <dd>
              {project} · <code className="font-mono text-xs break-all">{batch.baseUrl}</code> · project{" "}
              <code className="font-mono text-xs break-all">{batch.projectGuid}</code>
            </dd>
          </dl>
        ) : (
          <p>The award or batch of this request is no longer in the trail.</p>
        )}
      </Section>

      {status === "waiting" ? (
        <ApprovalActions
          approvalId={request.id}
          question={approveQuestion(subject, summary.totals)}
          details={details}
          {...choices}
          secondFactor={signedIn?.user.mfaEnrolled ?? false}
        />
      ) : null}

      {batch ? (
        <Section id="approval-rows" title="Rows">
          <p className="text-sm" data-testid="approval-rows-note">
            {batch.rowCount > BATCH_ROWS_SHOWN
              ? `The first ${groupDigits(String(BATCH_ROWS_SHOWN))} of ${plural(batch.rowCount, "row", "rows")}, in file order; ${groupDigits(String(batch.rowCount - BATCH_ROWS_SHOWN))} more are in the file. `
              : `All ${plural(batch.rowCount, "row", "rows")}, in file order. `}
            <a href={`/awards/bulk/${batch.id}/results.csv`} className="underline underline-offset-2">
              Download every row (CSV)
            </a>{" "}
            ·{" "}
            <Link href={`/awards/bulk/${batch.id}`} className="underline underline-offset-2">
              Open batch {batch.id}
            </Link>
          </p>
          <BatchRowsTable rows={batchRows} />
        </Section>
      ) : null}

      <Section id="approval-history" title="History">
        <ol
          data-testid="approval-history"
          className="flex flex-col gap-2 border-l border-border pl-4 text-sm break-words"
        >
          {approvalHistory(request, now).map((step) => (
            <li key={step.kind} data-testid={`approval-step-${step.kind}`}>
              <When iso={step.at.toISOString()} seconds className="text-muted-foreground" />{" "}
              <span className="font-medium">{HISTORY_LABELS[step.kind]}</span>
              {step.who ? <> · {step.who}</> : null}
              {step.kind === "expired" ? <> · nobody approved it in time</> : null}
              {step.note ? <span className="block">Reason: {step.note}</span> : null}
            </li>
          ))}
        </ol>
      </Section>
    </main>
  );
}
