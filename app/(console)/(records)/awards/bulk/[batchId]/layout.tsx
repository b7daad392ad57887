import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/current-user";
import { readBatchPage } from "@/lib/bulk/page-reads";

/** HTTP 404 for a batch there is none of, before the page streams (as the award's layout). */
export default async function BatchLayout({ children, params }: LayoutProps<"/awards/bulk/[batchId]">) {
  await requirePageUser("awards:read");
  if (!(await readBatchPage(Number((await params).batchId)))) notFound();
  return children;
}
