import type { Metadata } from "next";
import { TokensTable } from "@/components/catalogue/tokens-table";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { listProjectTokens } from "@/lib/client/catalogue";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tokens" };

export default async function TokensPage() {
  const { read } = await readProject("catalogue:read", listProjectTokens);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Tokens"
        description="The project's tokens and their contract on each chain (tokens without a contract are not listed by the service)."
      />
      {read.ok ? (
        <TokensTable rows={read.data.Data.Tokens} />
      ) : (
        <ServiceFailurePanel failure={read.failure} />
      )}
    </main>
  );
}
