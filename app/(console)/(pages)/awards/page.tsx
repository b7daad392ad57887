import type { Metadata } from "next";
import { AWARD_STATUS_LOOK } from "@/components/awards/award-status-badge";
import { AwardTable } from "@/components/awards/award-table";
import { RequestIdSearch } from "@/components/awards/request-id-search";
import { PAGE_SIZE, pageParams, readTableView } from "@/components/data-table/url-state";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { readAwardHistory } from "@/lib/awards/page-reads";
import { AWARD_SORTS, type AwardFilters, type AwardSort } from "@/lib/awards/trail";
import { AWARD_STATUSES, type AwardStatus } from "@/lib/model/award-status";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "History · Awards" };

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim() : "");
const day = (text: string, plusDays = 0) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
};

/** The award trail: every award this console sent, filterable, newest first. */
export default async function AwardsPage({ searchParams }: PageProps<"/awards">) {
  const user = await requirePageUser("awards:read");
  const params = await searchParams;
  const status = one(params.status);
  const filters: AwardFilters = {
    customerContains: one(params.customer) || undefined,
    actorEmail: one(params.actor) || undefined,
    status: (AWARD_STATUSES as readonly string[]).includes(status) ? (status as AwardStatus) : undefined,
    from: day(one(params.from)),
    to: day(one(params.to), 1),
  };
  // Sorting and paging as the table writes them (`sort=player.desc`, `page=2`): the server does both.
  const view = readTableView(pageParams(params));
  const [sorted] = view.sorting;
  const sort: AwardSort | undefined =
    sorted && sorted.id in AWARD_SORTS
      ? { column: sorted.id as AwardSort["column"], descending: sorted.desc }
      : undefined;
  // The trail of the project the user works on (the switcher changes it).
  const { rows, total, symbols } = await readAwardHistory(user, filters, {
    offset: view.pageIndex * PAGE_SIZE,
    limit: PAGE_SIZE,
    sort,
  });
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Awards"
        description="Every award sent from this console: who sent what to whom, why, and what happened."
      >
        {can(user.role, "awards:send") ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/awards/bulk">Bulk awards</Link>
            </Button>
            <Button asChild>
              <Link href="/awards/new">New award</Link>
            </Button>
          </div>
        ) : null}
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
        <Field label="Status" id="filter-status" className="col-span-2 sm:w-44">
          <Select name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any</option>
            {AWARD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AWARD_STATUS_LOOK[s].label}
              </option>
            ))}
          </Select>
        </Field>
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
      <AwardTable rows={rows} symbols={symbols} total={total} filtered={filtered} />
    </main>
  );
}
