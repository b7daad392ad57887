import type { Metadata } from "next";
import { AwardStatusField } from "@/components/awards/award-status-field";
import { AwardTable } from "@/components/awards/award-table";
import { RequestIdSearch } from "@/components/awards/request-id-search";
import { ExportLink } from "@/components/data-table/export-link";
import { PAGE_SIZE, pageParams, readTableView } from "@/components/data-table/url-state";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { historyView } from "@/lib/awards/history-view";
import { readAwardHistory } from "@/lib/awards/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "History · Awards" };

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim() : "");
/** The award trail: every award this console sent, filterable, newest first. */
export default async function AwardsPage({ searchParams }: PageProps<"/awards">) {
  const user = await requirePageUser("awards:read");
  const params = await searchParams;
  const address = pageParams(params);
  const { filters, sort, page } = historyView(address, readTableView(address), PAGE_SIZE);
  // The trail of the project the user works on (the switcher changes it).
  const { rows, total, symbols } = await readAwardHistory(user, filters, { ...page, sort });
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Awards"
        description="Every award sent from this console: who sent what to whom, why, and what happened."
      >
        <div className="flex flex-wrap gap-2">
          <ExportLink href="/awards/export.csv" />
          {can(user.role, "awards:send") ? (
            <>
              <Button asChild variant="outline">
                <Link href="/awards/bulk">Bulk awards</Link>
              </Button>
              <Button asChild>
                <Link href="/awards/new">New award</Link>
              </Button>
            </>
          ) : null}
        </div>
      </PageHeader>
      <RequestIdSearch />
      <form
        method="get"
        action="/awards"
        className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <Field label="Player" id="filter-customer" className="col-span-2 sm:w-48">
          <Input name="customer" defaultValue={one(params.customer)} placeholder="Part of an ID" />
        </Field>
        <Field label="Sent by" id="filter-actor" className="col-span-2 sm:w-56">
          <Input name="actor" type="email" defaultValue={one(params.actor)} />
        </Field>
        <AwardStatusField id="filter-status" value={filters.status} className="col-span-2 sm:w-44" />
        <Field label="From" id="filter-from" className="sm:w-40">
          <Input name="from" type="date" defaultValue={one(params.from)} />
        </Field>
        <Field label="To" id="filter-to" className="sm:w-40">
          <Input name="to" type="date" defaultValue={one(params.to)} />
        </Field>
        {one(params.sort) ? <input type="hidden" name="sort" value={one(params.sort)} /> : null}
        <Button type="submit" variant="outline" className="col-span-2">
          Filter
        </Button>
      </form>
      <AwardTable rows={rows} symbols={symbols} total={total} filtered={filtered} chooseColumns />
    </main>
  );
}
