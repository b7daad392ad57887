import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { AwardForm } from "@/components/awards/award-form";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { readMyRules } from "@/lib/approvals/page-reads";
import { listProjectTokens } from "@/lib/client/catalogue";
import { projectContext } from "@/lib/project/current-project";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New award · Awards" };

export default async function NewAwardPage({ searchParams }: PageProps<"/awards/new">) {
  const { user, read } = await readProject("awards:send", listProjectTokens);
  const { connection } = await projectContext(user.id);
  // The person's thresholds and what remains of their daily limits, beside each token line.
  const rules = await readMyRules(user, connection);
  // "Award tokens" on a player's page opens the form for that player.
  const customer = (await searchParams).customer;
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Award tokens"
        description={
          <>
            Written to the{" "}
            <Link href="/awards" className="underline underline-offset-2">
              award trail
            </Link>{" "}
            before it is sent, with your reason.
          </>
        }
      />
      {read.ok ? (
        <AwardForm
          initialRequestId={randomUUID()}
          initialCustomerId={typeof customer === "string" ? customer : ""}
          rules={rules}
          tokens={read.data.Data.Tokens.map((token) => ({
            guid: token.Guid,
            symbol: token.Symbol,
            name: token.Name,
            contracts: token.Contracts.map((c) => ({
              guid: c.ContractGuid,
              chain: c.ChainName,
              addressFormat: c.AddressFormat,
            })),
          }))}
        />
      ) : (
        <ServiceFailurePanel failure={read.failure} />
      )}
    </main>
  );
}
