"use client";
import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

interface FacetControl {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

export interface TableToolbarProps {
  noun: string;
  /** Keeps the ids of two tables' controls on one page apart. */
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
  facets: FacetControl[];
  /** The server is fetching the rows of a changed filter (a table the server filters). */
  busy?: boolean;
  children?: ReactNode;
}

/** The table's text filter and facets; full width on a phone, side by side on a wider screen. */
export function TableToolbar({ noun, idPrefix, value, onChange, facets, busy, children }: TableToolbarProps) {
  return (
    <div aria-busy={busy} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1 sm:w-64">
        <label htmlFor={`${idPrefix}table-filter`} className="text-sm font-medium">
          Filter {noun}
        </label>
        <Input
          id={`${idPrefix}table-filter`}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {facets.map((facet) => (
        <div key={facet.columnId} className="flex flex-col gap-1 sm:w-48">
          <label htmlFor={`${idPrefix}facet-${facet.columnId}`} className="text-sm font-medium">
            {facet.label}
          </label>
          <Select
            id={`${idPrefix}facet-${facet.columnId}`}
            value={facet.value}
            onChange={(event) => facet.onChange(event.target.value)}
          >
            <option value="">All</option>
            {facet.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
      {children}
      {busy ? (
        <span role="status" className="text-sm text-muted-foreground sm:pb-2">
          Filtering…
        </span>
      ) : null}
    </div>
  );
}
