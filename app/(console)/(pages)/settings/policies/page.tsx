import { Coins } from "lucide-react";
import type { Metadata } from "next";
import { ApprovalExpiryForm, AwardPoliciesForm } from "@/components/settings/award-policies-form";
import { ReversalPolicyForm } from "@/components/settings/reversal-policy-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { readProjectReversalPolicy, readTokenPolicies } from "@/lib/approvals/page-reads";
import { chosenProjectName } from "@/lib/project/current-project";
import { readProject } from "@/lib/project/read-project";
import { readConsoleSettings } from "@/lib/settings/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Award policies · Settings" };

export default async function AwardPoliciesPage() {
  // readProject checks requirePageUser("policies:manage") first; nothing below writes.
  const { user, read } = await readProject("policies:manage", readTokenPolicies);
  const [projectName, settings, reversalApproval] = await Promise.all([
    chosenProjectName(user.id),
    readConsoleSettings(),
    readProjectReversalPolicy(user),
  ]);
  return (
    <main className="flex flex-col gap-6 py-4">
      <PageHeader
        title="Award policies"
        description={`For each token of ${projectName || "the chosen project"}: above what amount an award or a bulk batch needs a second person's approval, and the most one manager or owner may award in 24 hours.`}
      />
      {!read.ok ? (
        <ServiceFailurePanel failure={read.failure} />
      ) : read.data.length === 0 ? (
        <EmptyState
          icon={Coins}
          title="This project has no tokens"
          description="The service lists no token for it, so there is nothing to set a policy for."
        />
      ) : (
        <section aria-labelledby="token-policies" className="flex flex-col gap-4">
          <div className="grid gap-1">
            <h2 id="token-policies" className="text-lg font-semibold">
              Tokens
            </h2>
            <p className="text-sm text-muted-foreground">
              Amounts are in the token's own units, exact to 18 decimal places; empty means no rule. An amount
              equal to the approval threshold needs no approval.
            </p>
          </div>
          <AwardPoliciesForm tokens={read.data} />
        </section>
      )}
      <ReversalPolicyForm approval={reversalApproval} />
      <ApprovalExpiryForm days={settings.approvalExpiryDays} />
    </main>
  );
}
