import { Coins } from "lucide-react";
import type { Metadata } from "next";
import { ApprovalExpiryForm, AwardPoliciesForm } from "@/components/settings/award-policies-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { readPolicies } from "@/lib/approvals/policies";
import { listProjectTokens } from "@/lib/client/catalogue";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { readProject } from "@/lib/project/read-project";
import { readSettings } from "@/lib/settings/console-settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Award policies · Settings" };

export default async function AwardPoliciesPage() {
  // readProject checks requirePageUser("policies:manage") first; nothing below writes.
  const { user, read } = await readProject("policies:manage", async (connection) => {
    const [tokens, policies] = await Promise.all([
      listProjectTokens(connection),
      readPolicies(await consoleDb(), connection.projectGuid),
    ]);
    return tokens.Data.Tokens.map((token) => {
      const policy = policies.get(token.Guid.toLowerCase());
      return {
        guid: token.Guid,
        symbol: token.Symbol,
        name: token.Name,
        policy: {
          approvalThreshold: policy?.approvalThreshold ?? null,
          managerDailyLimit: policy?.managerDailyLimit ?? null,
          ownerDailyLimit: policy?.ownerDailyLimit ?? null,
        },
      };
    });
  });
  const [projectName, settings] = await Promise.all([
    chosenProjectName(user.id),
    consoleDb().then(readSettings),
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
      <ApprovalExpiryForm days={settings.approvalExpiryDays} />
    </main>
  );
}
