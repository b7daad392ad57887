import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/current-user";
import { awardExists } from "@/lib/awards/page-reads";

/**
 * Answers HTTP 404 for a RequestID this console never sent, before the page's skeleton streams
 * (after which the status is sent): docs/console.md, "Sign-in, titles and missing pages".
 */
export default async function AwardLayout({ children, params }: LayoutProps<"/awards/[requestId]">) {
  await requirePageUser("awards:read");
  if (!(await awardExists(decodeURIComponent((await params).requestId)))) notFound();
  return children;
}
