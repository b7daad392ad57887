import type { Metadata } from "next";
import { ItemList } from "@/components/players/item-list";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { recordTitle } from "@/lib/pages/page-title";
import { readItemPage } from "@/lib/players/item-page";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/items/[tokenId]">): Promise<Metadata> {
  return recordTitle(`Item ${(await params).tokenId}`, "Items");
}

/**
 * Every item with one TokenID: TokenIDs are unique per contract, so one may exist on several
 * chains. The layout has answered 404 for none; a failed read is shown.
 */
export default async function ItemPage({ params }: PageProps<"/items/[tokenId]">) {
  const tokenId = decodeURIComponent((await params).tokenId);
  const { read } = await readItemPage(tokenId);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader title={`Item ${tokenId}`} description="Every item of the project with this TokenID." />
      {read.ok ? (
        <ItemList items={read.data.Items} linkTokenIds={false} />
      ) : (
        <ServiceFailurePanel failure={read.failure} />
      )}
    </main>
  );
}
