"use client";
import { Checkbox } from "@/components/ui/checkbox";
import type { ColumnChooserProps } from "./column-chooser";

/** The chooser's boxes, each named "Show the X column"; loaded on its first opening (column-chooser.tsx). */
export function ColumnChooserPanel({ columns, hidden, onChange, idPrefix }: ColumnChooserProps) {
  return (
    <fieldset className="absolute right-0 z-20 mt-2 flex w-56 flex-col gap-2 rounded-lg border border-border bg-popover p-3 text-sm shadow-lg">
      <legend className="sr-only">Columns shown</legend>
      {columns.map(({ id, label }, index) => (
        <div key={id} className="flex min-h-8 items-center gap-2">
          <Checkbox
            id={`${idPrefix}column-${id}`}
            aria-label={`Show the ${label} column`}
            checked={!hidden.has(id)}
            disabled={index === 0}
            onCheckedChange={(state) => onChange(id, state !== true)}
          />
          <label htmlFor={`${idPrefix}column-${id}`} className="cursor-pointer">
            {label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
