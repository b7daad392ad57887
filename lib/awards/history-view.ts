import { AWARD_STATUSES, type AwardStatusFilter } from "@/lib/model/award-status";
import { AWARD_SORTS, type AwardFilters, type AwardSort } from "./trail";

const day = (text: string, plusDays = 0) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
};

/** What the award history's address asks for: its filters, sort and page. */
export interface HistoryView {
  filters: Omit<AwardFilters, "projectGuid">;
  sort: AwardSort | undefined;
  page: { offset: number; limit: number };
}

/**
 * The history's view from its address (the page's GET form and the table's links write it; the
 * table's sort and page as components/data-table/url-state.ts reads them), one reading for the
 * page, its export and a batch's rows: `customer` (part of an ID), `actor`, `status`, `from` and
 * `to` (days, UTC, `to` inclusive), `sort=player.desc`, `page=2`. What is not valid is no filter.
 */
export function historyView(
  params: URLSearchParams,
  view: { sorting: readonly { id: string; desc: boolean }[]; pageIndex: number },
  pageSize: number,
): HistoryView {
  const one = (name: string) => (params.get(name) ?? "").trim();
  const status = one("status");
  const [sorted] = view.sorting;
  return {
    filters: {
      customerContains: one("customer") || undefined,
      actorEmail: one("actor") || undefined,
      status:
        status === "any-reversal" || (AWARD_STATUSES as readonly string[]).includes(status)
          ? (status as AwardStatusFilter)
          : undefined,
      from: day(one("from")),
      to: day(one("to"), 1),
    },
    sort:
      sorted && sorted.id in AWARD_SORTS
        ? { column: sorted.id as AwardSort["column"], descending: sorted.desc }
        : undefined,
    page: { offset: view.pageIndex * pageSize, limit: pageSize },
  };
}
