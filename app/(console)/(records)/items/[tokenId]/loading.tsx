import { PageSkeleton } from "@/components/ui/page-skeleton";

/** The record's page while it loads; below its layout, which has answered 404 already for none. */
export default function Loading() {
  return <PageSkeleton />;
}
