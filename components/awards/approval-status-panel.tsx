import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import { type ApprovalState, approvalHistory, HISTORY_LABELS, standing } from "@/lib/approvals/approval-view";

/**
 * On an award's or a batch's page: its four-eyes request (docs/console.md, "Approvals") — who
 * asked and when, and who decided and when, with a link to the request.
 */
export function ApprovalStatusPanel({ approval }: { approval: ApprovalState & { id: number } }) {
  const now = new Date();
  const status = standing(approval, now);
  const [asked, ended] = approvalHistory(approval, now);
  return (
    <section
      aria-labelledby="approval-heading"
      data-testid="approval-panel"
      className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <h2 id="approval-heading" className="font-semibold">
        Four-eyes approval: {status === "waiting" ? "waiting" : HISTORY_LABELS[status].toLowerCase()}
      </h2>
      <p>
        Asked for by {asked?.who} <When iso={approval.createdAt.toISOString()} />.
        {status === "waiting" ? (
          <>
            {" "}
            Nothing is sent until another manager or owner approves it; it expires{" "}
            <When iso={approval.expiresAt.toISOString()} />.
          </>
        ) : null}
      </p>
      {ended ? (
        <p>
          {HISTORY_LABELS[ended.kind]}
          {ended.who ? ` by ${ended.who}` : ""} <When iso={ended.at.toISOString()} />
          {ended.note ? `: ${ended.note}` : "."}
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
