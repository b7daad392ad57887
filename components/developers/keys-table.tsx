"use client";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { Badge } from "@/components/ui/badge";
import { When } from "@/components/ui/when";
import type { KeyRow } from "@/lib/service-keys/key-view";
import { KeyRowActions } from "./key-row-actions";
import { KeyStatusBadge } from "./key-status-badge";

const column = columnHelper<KeyRow>();

const WORKS_FIRST = { live: 0, rolled: 1, replaced: 2, expired: 3, revoked: 4 } as const;

const when = (iso: string, none: string) =>
  iso ? <When iso={iso} /> : <span className="text-muted-foreground">{none}</span>;

const columns = column.columns([
  column.accessor("name", {
    header: "Name",
    sortFn: "text",
    meta: { cellClassName: "min-w-28 md:min-w-40 max-w-64 wrap-anywhere" },
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <span className="font-medium">{row.original.name || "(no name)"}</span>
        {row.original.thisKey ? (
          <Badge tone="info" className="whitespace-normal">
            This console's key
          </Badge>
        ) : null}
        {/* On a phone, what the columns left out there say: the key's prefix, scopes, caps, last use. */}
        <span className="text-xs text-muted-foreground md:hidden">
          <code className="font-mono">{row.original.prefix}…</code> · {row.original.scopes.join(" · ")}
          {row.original.caps.length > 0
            ? ` · ${row.original.caps.length} daily cap${row.original.caps.length > 1 ? "s" : ""}`
            : ""}
          {" · last used "}
          {when(row.original.lastUsedAt, "never")}
        </span>
      </span>
    ),
  }),
  column.accessor("prefix", {
    header: "Key",
    enableSorting: false,
    meta: { wideOnly: true },
    cell: ({ row }) => <code className="font-mono text-xs whitespace-nowrap">{row.original.prefix}…</code>,
  }),
  column.accessor((row) => row.scopes.join(" "), {
    id: "scopes",
    header: "Scopes",
    enableSorting: false,
    meta: { wideOnly: true },
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.scopes.map((scope) => (
          <Badge key={scope}>{scope}</Badge>
        ))}
      </span>
    ),
  }),
  column.accessor((row) => row.caps.map((cap) => cap.symbol).join(" "), {
    id: "caps",
    header: "Daily caps",
    enableSorting: false,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
    cell: ({ row }) =>
      row.original.caps.length === 0 ? (
        <span className="text-muted-foreground">None</span>
      ) : (
        row.original.caps.map((cap) => (
          <span key={cap.tokenGuid} className="block font-mono text-xs tabular-nums">
            {cap.used} of {cap.daily} {cap.symbol}
            <span className="sr-only"> used in the last 24 hours</span>
          </span>
        ))
      ),
  }),
  column.accessor("createdAt", {
    header: "Created",
    sortDescFirst: true,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
    cell: ({ row }) => when(row.original.createdAt, "—"),
  }),
  column.accessor("lastUsedAt", {
    header: "Last used",
    sortDescFirst: true,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
    cell: ({ row }) => when(row.original.lastUsedAt, "Never"),
  }),
  column.accessor("expiresAt", {
    header: "Expires",
    meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
    cell: ({ row }) => when(row.original.expiresAt, "Never"),
  }),
  column.accessor((row) => WORKS_FIRST[row.status.kind], {
    id: "status",
    header: "Status",
    cell: ({ row }) => <KeyStatusBadge status={row.original.status} />,
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => <KeyRowActions row={row.original} />,
  }),
]);

export function KeysTable({ rows }: { rows: KeyRow[] }) {
  return (
    <DataTable
      noun="keys"
      one="key"
      caption="The project's API keys"
      rows={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowTestId={(row) => `key-${row.id}`}
      chooseColumns
      filter={rows.length > 10}
      empty={{ title: "No keys", description: "The service lists no key for this project." }}
    />
  );
}
