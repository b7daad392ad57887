import type { Metadata } from "next";
import { ItemList } from "@/components/players/item-list";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { requirePageUser } from "@/lib/auth/current-user";
import { getItem } from "@/lib/client/holdings";
import { tokenId as tokenIdRule } from "@/lib/contract/fields";
import { recordTitle } from "@/lib/pages/page-title";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/items/[tokenId]">): Promise<Metadata> {
  return recordTitle(`Item ${(await params).tokenId}`, "Items");
}

/** Every item with one TokenID: TokenIDs are unique per contract, so one may exist on several chains. */
export default async function ItemPage({ params }: PageProps<"/items/[tokenId]">) {
  await requirePageUser("players:read");
  const tokenId = decodeURIComponent((await params).tokenId);
  const header = (
    <PageHeader title={`Item ${tokenId}`} description="Every item of the project with this TokenID." />
  );
  if (!tokenIdRule.safeParse(tokenId).success) {
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <p role="alert" className="text-destructive">
          Not a TokenID: it must be 1 to 78 decimal digits.
        </p>
      </main>
    );
  }
  const { read } = await readProject("players:read", (connection) => getItem(connection, tokenId));
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      {header}
      {read.ok ? (
        <ItemList items={read.data.Items} linkTokenIds={false} />
      ) : read.failure.kind === "refused" && read.failure.status === 404 ? (
        <p data-testid="item-none" className="rounded-lg border border-dashed border-border p-6 text-center">
          No item of this project has TokenID {tokenId}.
        </p>
      ) : (
        <ServiceFailurePanel failure={read.failure} />
      )}
    </main>
  );
}
