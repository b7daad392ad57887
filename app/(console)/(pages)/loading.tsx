import { PageSkeleton } from "@/components/ui/page-skeleton";

/**
 * A console page while its data loads. Only this group's pages stream behind it: a record's page
 * has its own, below the layout that answers 404 first (docs/console.md, "Sign-in, titles and
 * missing pages").
 */
export default function Loading() {
  return <PageSkeleton />;
}
