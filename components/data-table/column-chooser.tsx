"use client";
import { Columns3 } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";

// The boxes load when the chooser is first opened: no table page's first load carries them
// (docs/console.md, "Bundle budget").
const ColumnChooserPanel = lazy(() =>
  import("./column-chooser-panel").then((module) => ({ default: module.ColumnChooserPanel })),
);

/** A same-tab change of a table's columns (the `storage` event only tells other tabs). */
const CHANGED = "gcc:columns";

const NONE: ReadonlySet<string> = new Set();

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * The columns a person hid in one table, remembered in this browser (localStorage, per page and
 * table): a wide table shows what matters to them (docs/console.md, "Tables and phones"). The
 * server renders every column; the choice applies once the page is live.
 */
export function useHiddenColumns(
  storageKey: string,
): [ReadonlySet<string>, (id: string, hide: boolean) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(storageKey),
    () => null,
  );
  const hidden = useMemo(() => {
    if (!raw) return NONE;
    try {
      const ids: unknown = JSON.parse(raw);
      return Array.isArray(ids) ? new Set(ids.filter((id): id is string => typeof id === "string")) : NONE;
    } catch {
      return NONE;
    }
  }, [raw]);
  const setHidden = useCallback(
    (id: string, hide: boolean) => {
      const next = new Set(hidden);
      if (hide) next.add(id);
      else next.delete(id);
      window.localStorage.setItem(storageKey, JSON.stringify([...next]));
      window.dispatchEvent(new Event(CHANGED));
    },
    [hidden, storageKey],
  );
  return [hidden, setHidden];
}

export interface ColumnChooserProps {
  /** Every column, in order; the first stays (a row needs what names it). */
  columns: readonly { id: string; label: string }[];
  hidden: ReadonlySet<string>;
  onChange: (id: string, hide: boolean) => void;
  idPrefix: string;
}

/**
 * "Columns": which of a wide table's columns to show, in a disclosure that needs no overlay code.
 * Its boxes exist only while it is open, each named "Show the X column": a closed chooser adds no
 * second "Status" or "Name" control beside the page's own fields.
 */
export function ColumnChooser({ columns, hidden, onChange, idPrefix }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="relative self-start sm:self-end"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={buttonClass({ variant: "outline", className: "cursor-pointer list-none gap-2" })}>
        <Columns3 aria-hidden="true" className="size-4" />
        Columns{hidden.size > 0 ? ` (${columns.length - hidden.size} of ${columns.length})` : ""}
      </summary>
      {open ? (
        <Suspense fallback={null}>
          <ColumnChooserPanel columns={columns} hidden={hidden} onChange={onChange} idPrefix={idPrefix} />
        </Suspense>
      ) : null}
    </details>
  );
}
