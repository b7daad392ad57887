"use client";
import { ServerTableToolbar } from "./server-table-toolbar";
import { useUrlTableState } from "./use-url-table-state";

const NO_FACETS: never[] = [];

/**
 * The filter box of a PagedTable (paged-table.tsx): what is typed goes to the URL (after a
 * pause), and the page answers with the matching rows, as the catalogue's tables do.
 */
export function UrlFilterToolbar({
  noun,
  idPrefix,
  urlKey,
}: {
  noun: string;
  idPrefix: string;
  urlKey?: string;
}) {
  const { hrefNow, state } = useUrlTableState({ key: urlKey });
  return (
    <ServerTableToolbar noun={noun} idPrefix={idPrefix} view={state} facets={NO_FACETS} href={hrefNow} />
  );
}
