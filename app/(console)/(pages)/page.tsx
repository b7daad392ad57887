import type { Metadata } from "next";
import { Suspense } from "react";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { OverviewSection } from "./overview-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

/**
 * Home, for every role: what is happening in the chosen project (docs/console.md, "The overview").
 * The heading paints at once; the figures stream in under their own skeleton, and OverviewSection
 * checks the session and role before it reads anything.
 */
export default function OverviewPage() {
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Overview"
        description="What is happening in this project: awards by outcome, tokens awarded, the wallet's queue and the latest awards."
      />
      <Suspense fallback={<OverviewSkeleton />}>
        <OverviewSection />
      </Suspense>
    </main>
  );
}
