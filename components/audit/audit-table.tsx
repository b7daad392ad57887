"use client";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { TextCell } from "@/components/data-table/text-cell";
import { Badge } from "@/components/ui/badge";
import { When } from "@/components/ui/when";
import { AUDIT_KINDS, type AuditKind } from "@/lib/audit/audit-kinds";

export interface AuditTableRow {
  id: number;
  at: string;
  actor: string;
  kind: string;
  project: string;
  client: string;
  userAgent: string;
  summary: string;
}

const column = columnHelper<AuditTableRow>();

const columns = column.columns([
  column.accessor("id", { header: "#", meta: { cellClassName: "font-mono text-xs tabular-nums" } }),
  column.accessor("at", {
    header: "When",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => <When iso={getValue()} />,
  }),
  column.accessor("actor", {
    header: "Actor",
    cell: ({ getValue }) => <TextCell text={getValue()} empty="console" />,
  }),
  column.accessor("kind", {
    header: "Event",
    // The longest names ("Money action refused (limit, step-up, own request, role)") wrap, so the
    // column never pushes the last ones out of the frame.
    meta: { cellClassName: "min-w-36" },
    cell: ({ getValue }) => (
      <Badge tone="neutral" className="whitespace-normal">
        {AUDIT_KINDS[getValue() as AuditKind] ?? getValue()}
      </Badge>
    ),
  }),
  column.accessor("project", {
    header: "Project",
    cell: ({ getValue }) => <TextCell text={getValue()} width="sm" />,
  }),
  column.accessor("summary", { header: "What", meta: { cellClassName: "min-w-48 wrap-anywhere" } }),
  column.accessor("client", {
    header: "From",
    // The client's address: from the widest screens (its user agent is the tooltip; both are in the export).
    meta: { cellClassName: "font-mono text-xs", wideOnly: "2xl" },
    cell: ({ row }) => (
      <TextCell
        text={row.original.client}
        width="sm"
        title={`${row.original.client} · ${row.original.userAgent}`}
      />
    ),
  }),
]);

/** One page of the audit log (the server pages and filters; this table only shows it). */
export function AuditTable({ rows }: { rows: AuditTableRow[] }) {
  return (
    <DataTable
      noun="audit rows"
      caption="Audit log"
      rows={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowTestId={(row) => `audit-${row.id}`}
      pageSize={50}
      filter={false}
      chooseColumns
    />
  );
}
