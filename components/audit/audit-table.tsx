"use client";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
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
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => getValue() || <span className="text-muted-foreground">console</span>,
  }),
  column.accessor("kind", {
    header: "Event",
    cell: ({ getValue }) => (
      <Badge tone="neutral">{AUDIT_KINDS[getValue() as AuditKind] ?? getValue()}</Badge>
    ),
  }),
  column.accessor("project", { header: "Project", meta: { cellClassName: "whitespace-nowrap" } }),
  column.accessor("summary", { header: "What", meta: { cellClassName: "min-w-72" } }),
  column.accessor("client", {
    header: "From",
    meta: { cellClassName: "whitespace-nowrap font-mono text-xs" },
    cell: ({ row }) => <span title={row.original.userAgent}>{row.original.client}</span>,
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
    />
  );
}
