import { notFound } from "next/navigation";
import { tokenId as tokenIdRule } from "@/lib/contract/fields";
import { isNoItem, readItemPage } from "@/lib/players/item-page";

/**
 * HTTP 404 for a TokenID that is none (1 to 78 digits) or that the project has no item with,
 * before the page streams (as the award's layout). The service's read is the page's too.
 */
export default async function ItemLayout({ children, params }: LayoutProps<"/items/[tokenId]">) {
  const tokenId = decodeURIComponent((await params).tokenId);
  if (!tokenIdRule.safeParse(tokenId).success) notFound();
  if (isNoItem((await readItemPage(tokenId)).read)) notFound();
  return children;
}
