import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ApprovalTable } from "@/components/approvals/approval-columns";
import { PageHeader } from "@/components/ui/page-header";
import { readApprovalLists } from "@/lib/approvals/page-reads";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Approvals" };

function ListSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id} className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * Four-eyes approvals (docs/console.md, "Approvals"): awards and bulk batches above a token's
 * approval threshold, written to the trail and sent only once another manager or owner approves.
 */
export default async function ApprovalsPage() {
  const user = await requirePageUser("awards:approve");
  const { waiting, mine, decided } = await readApprovalLists(user.id);
  return (
    <main className="flex min-w-0 flex-col gap-8 px-6 py-6">
      <PageHeader
        title="Approvals"
        description="Awards and bulk batches above a token's approval threshold wait here until a second person, another manager or owner, approves them. Nothing is sent before."
      />
      <ListSection
        id="approvals-waiting"
        title="Waiting for you"
        hint="Others' requests you can approve or reject. Open one to see exactly what will be sent."
      >
        <ApprovalTable kind="waiting" rows={waiting} />
      </ListSection>
      <ListSection
        id="approvals-mine"
        title="Your requests"
        hint="Yours, waiting for someone else. Open one to withdraw it."
      >
        <ApprovalTable kind="mine" rows={mine} />
      </ListSection>
      <ListSection
        id="approvals-decided"
        title="Decided recently"
        hint="The latest requests approved, rejected, withdrawn or expired, by anyone."
      >
        <ApprovalTable kind="decided" rows={decided} />
      </ListSection>
    </main>
  );
}
