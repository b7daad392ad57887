import Link from "next/link";
import { When } from "@/components/ui/when";
import type { ApprovalStatus } from "@/lib/model/approval-status";

export interface ApprovalFacts {
  id: number;
  status: ApprovalStatus;
  requesterEmail: string;
  createdAt: string;
  expiresAt: string;
  decidedByEmail: string;
  decidedAt: string | null;
  note: string;
}

const DECIDED: Record<Exclude<ApprovalStatus, "waiting">, string> = {
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

/**
 * On an award's or a batch's page: its four-eyes request (docs/console.md, "Approvals") — who
 * asked and when, and who decided and when, with a link to the request.
 */
export function ApprovalStatusPanel({ approval }: { approval: ApprovalFacts }) {
  const waiting = approval.status === "waiting" && new Date(approval.expiresAt).getTime() > Date.now();
  return (
    <section
      aria-labelledby="approval-heading"
      data-testid="approval-panel"
      className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <h2 id="approval-heading" className="font-semibold">
        Four-eyes approval:{" "}
        {waiting
          ? "waiting"
          : approval.status === "waiting"
            ? "expired"
            : DECIDED[approval.status].toLowerCase()}
      </h2>
      <p>
        Asked for by {approval.requesterEmail} <When iso={approval.createdAt} />.
        {waiting ? (
          <>
            {" "}
            Nothing is sent until another manager or owner approves it; it expires{" "}
            <When iso={approval.expiresAt} />.
          </>
        ) : null}
      </p>
      {approval.decidedAt && approval.status !== "waiting" ? (
        <p>
          {DECIDED[approval.status]}
          {approval.decidedByEmail ? ` by ${approval.decidedByEmail}` : ""} <When iso={approval.decidedAt} />
          {approval.note ? `: ${approval.note}` : "."}
        </p>
      ) : null}
      <p>
        <Link href={`/approvals/${approval.id}`} className="underline underline-offset-2">
          Approval request {approval.id}
        </Link>
      </p>
    </section>
  );
}

/** The plain facts of a request, for the panel (dates as ISO text). */
export function approvalFacts(row: {
  id: number;
  status: ApprovalStatus;
  requesterEmail: string;
  createdAt: Date;
  expiresAt: Date;
  decidedByEmail: string;
  decidedAt: Date | null;
  note: string;
}): ApprovalFacts {
  return {
    id: row.id,
    status: row.status,
    requesterEmail: row.requesterEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}
