import type { Metadata } from "next";
import { Suspense } from "react";
import { pageParams } from "@/components/data-table/url-state";
import { OverviewRangePicker } from "@/components/overview/overview-range-picker";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { overviewRange } from "@/lib/overview/overview-range";
import { OverviewSection } from "./overview-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

/**
 * Home, for every role: what is happening in the chosen project over a period the address names
 * (docs/console.md, "The overview"). The heading and the period's choice paint at once; the
 * figures stream in under their own skeleton, and OverviewSection checks the session and role
 * before it reads anything.
 */
export default async function OverviewPage({ searchParams }: PageProps<"/">) {
  const { range, problem } = overviewRange(pageParams(await searchParams), new Date());
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Overview"
        description="What is happening in this project: awards by outcome, tokens awarded, the wallet's queue and the latest awards."
      >
        <OverviewRangePicker range={range} />
      </PageHeader>
      {problem ? (
        <p role="alert" data-testid="range-problem" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <Suspense key={range.from + range.to} fallback={<OverviewSkeleton />}>
        <OverviewSection range={range} />
      </Suspense>
    </main>
  );
}
