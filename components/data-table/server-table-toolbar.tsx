"use client";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState, useTransition } from "react";
import { TableToolbar } from "./table-toolbar";
import type { TableView } from "./url-state";

/** How long typing pauses before the server is asked for the filtered rows. */
const TYPING_PAUSE_MS = 300;

interface ServerFacet {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
}

/** What the person asked the table for: the filter text and each facet's value ("" for all). */
interface Wanted {
  text: string;
  facets: Record<string, string>;
}

export interface ServerTableToolbarProps {
  noun: string;
  idPrefix: string;
  view: Pick<TableView, "globalFilter" | "columnFilters">;
  facets: readonly ServerFacet[];
  /** The URL of the address's view with a part changed (use-url-table-state.ts). */
  href: (change: Partial<TableView>) => string;
  children?: ReactNode;
}

function wantedOf(view: ServerTableToolbarProps["view"], facets: readonly ServerFacet[]): Wanted {
  return {
    text: view.globalFilter,
    facets: Object.fromEntries(
      facets.map(({ columnId }) => [
        columnId,
        String(view.columnFilters.find((filter) => filter.id === columnId)?.value ?? ""),
      ]),
    ),
  };
}

const same = (a: Wanted, b: Wanted) =>
  a.text === b.text && Object.entries(a.facets).every(([id, value]) => b.facets[id] === value);

/**
 * The filter box and facets of a table the server filters (data-table.tsx, `server`): what the
 * person asks for is kept here and sent whole as the URL, so a facet chosen while typed text
 * waits for its pause keeps both (typing is sent after TYPING_PAUSE_MS). The address changes only
 * when the server's page arrives, so it is not what the next change builds on; Back and Forward
 * are, and what they open is shown.
 */
export function ServerTableToolbar({
  noun,
  idPrefix,
  view,
  facets,
  href,
  children,
}: ServerTableToolbarProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const shown = wantedOf(view, facets);
  const [wanted, setWanted] = useState(shown);
  const latest = useRef(wanted);
  latest.current = wanted;
  const sent = useRef(shown);
  const travelled = useRef(false);

  const send = (next: Wanted) => {
    sent.current = next;
    const columnFilters = Object.entries(next.facets).flatMap(([id, value]) =>
      value ? [{ id, value }] : [],
    );
    startTransition(() =>
      router.replace(href({ globalFilter: next.text, columnFilters }), { scroll: false }),
    );
  };

  useEffect(() => {
    const onTravel = () => {
      travelled.current = true;
    };
    window.addEventListener("popstate", onTravel);
    return () => window.removeEventListener("popstate", onTravel);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's view, by value
  useEffect(() => {
    if (!travelled.current) return;
    travelled.current = false;
    sent.current = shown;
    setWanted(shown);
  }, [JSON.stringify(shown)]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the text sends it
  useEffect(() => {
    if (wanted.text === sent.current.text) return;
    // What is wanted when the pause ends (a facet chosen meanwhile has sent the text already).
    const timer = setTimeout(() => {
      if (latest.current.text !== sent.current.text) send(latest.current);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted.text]);

  return (
    <TableToolbar
      noun={noun}
      idPrefix={idPrefix}
      value={wanted.text}
      onChange={(text) => setWanted({ ...wanted, text })}
      busy={pending || !same(sent.current, shown)}
      facets={facets.map((facet) => ({
        ...facet,
        value: wanted.facets[facet.columnId] ?? "",
        onChange: (value: string) => {
          const next = { ...wanted, facets: { ...wanted.facets, [facet.columnId]: value } };
          setWanted(next);
          send(next);
        },
      }))}
    >
      {children}
    </TableToolbar>
  );
}
