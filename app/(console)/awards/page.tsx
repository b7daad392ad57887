import Link from "next/link";
import { AWARD_STATUS_LOOK } from "@/components/awards/award-status-badge";
import { AwardTable } from "@/components/awards/award-table";
import { RequestIdSearch } from "@/components/awards/request-id-search";
import { PageHeader } from "@/components/layout/page-header";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { AWARD_SORTS, type AwardFilters, type AwardSort, listAwards } from "@/lib/awards/trail";
import { consoleDb } from "@/lib/db/console-db";
import { AWARD_STATUSES, type AwardStatus } from "@/lib/db/schema";
import { projectContext } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 25;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim() : "");
const day = (text: string, plusDays = 0) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
};

const input =
  "rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";

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
  const page = Math.max(1, Number.parseInt(one(params.page), 10) || 1);
  // `sort=player` or `sort=-sent` (descending); newest first when absent or unknown.
  const sortParam = one(params.sort);
  const sortColumn = sortParam.replace(/^-/, "");
  const sort: AwardSort | undefined =
    sortColumn in AWARD_SORTS
      ? { column: sortColumn as AwardSort["column"], descending: sortParam.startsWith("-") }
      : undefined;
  const db = await consoleDb();
  const { connection } = await projectContext(user.id);
  // The trail of the project the user works on (the switcher changes it).
  const { rows, total } = await listAwards(
    db,
    { ...filters, projectGuid: connection?.projectGuid },
    { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, sort },
  );
  const symbols = await tokenSymbols(connection);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const link = (n: number, sortText = sortParam) => {
    const next = new URLSearchParams();
    for (const key of ["customer", "actor", "status", "from", "to"])
      if (one(params[key])) next.set(key, one(params[key]));
    if (sortText) next.set("sort", sortText);
    if (n > 1) next.set("page", String(n));
    return `/awards?${next.toString()}`;
  };
  const pageLink = (n: number) => link(n);
  const sortHref = (column: AwardSort["column"], descending: boolean) =>
    link(1, `${descending ? "-" : ""}${column}`);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Awards"
        description="Every award sent from this console: who sent what to whom, why, and what happened."
      >
        {can(user.role, "awards:send") ? (
          <div className="flex gap-2">
            <Link
              href="/awards/bulk"
              className="rounded-md border border-zinc-300 px-4 py-2 font-medium dark:border-zinc-700"
            >
              Bulk awards
            </Link>
            <Link href="/awards/new" className={PRIMARY_BUTTON}>
              New award
            </Link>
          </div>
        ) : null}
      </PageHeader>
      <RequestIdSearch />
      <form method="get" action="/awards" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-customer" className="text-sm font-medium">
            Player
          </label>
          <input
            id="filter-customer"
            name="customer"
            defaultValue={one(params.customer)}
            placeholder="Part of an ID"
            className={input}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-actor" className="text-sm font-medium">
            Sent by
          </label>
          <input
            id="filter-actor"
            name="actor"
            type="email"
            defaultValue={one(params.actor)}
            className={input}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-status" className="text-sm font-medium">
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={filters.status ?? ""} className={input}>
            <option value="">Any</option>
            {AWARD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AWARD_STATUS_LOOK[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-from" className="text-sm font-medium">
            From
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={one(params.from)} className={input} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-to" className="text-sm font-medium">
            To
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={one(params.to)} className={input} />
        </div>
        {sortParam ? <input type="hidden" name="sort" value={sortParam} /> : null}
        <button
          type="submit"
          className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
        >
          Filter
        </button>
      </form>
      <AwardTable
        rows={rows}
        symbols={symbols}
        sort={sort ?? { column: "sent", descending: true }}
        sortHref={sortHref}
      />
      <div className="flex items-center justify-between text-sm text-zinc-600 dark:text-zinc-400">
        <span data-testid="awards-count">
          {total} award{total === 1 ? "" : "s"}
        </span>
        {pages > 1 ? (
          <span className="flex items-center gap-3">
            {page > 1 ? <Link href={pageLink(page - 1)}>Previous page</Link> : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link href={pageLink(page + 1)}>Next page</Link> : null}
          </span>
        ) : null}
      </div>
    </main>
  );
}
