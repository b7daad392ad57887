"use client";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { EnvironmentBadge } from "@/components/layout/environment-badge";
import { ConnectionEnvironmentSelect } from "@/components/settings/connection-environment-select";
import { ConnectionRowActions } from "@/components/settings/connection-row-actions";
import { Badge } from "@/components/ui/badge";
import type { ConnectionSummary } from "@/lib/model/connection-summary";

const column = columnHelper<ConnectionSummary>();

const columns = column.columns([
  column.accessor("name", {
    header: "Name",
    sortFn: "text",
    cell: ({ row: { original: connection } }) => (
      <span className="flex flex-wrap items-center gap-2">
        {connection.name}
        {connection.readOnly ? <Badge>From the environment, read-only</Badge> : null}
      </span>
    ),
  }),
  column.accessor("environment", {
    header: "Environment",
    enableGlobalFilter: false,
    cell: ({ row: { original: connection } }) =>
      connection.readOnly ? (
        <EnvironmentBadge environment={connection.environment} />
      ) : (
        <ConnectionEnvironmentSelect
          connectionRef={connection.ref}
          name={connection.name}
          environment={connection.environment}
        />
      ),
  }),
  column.accessor("baseUrl", {
    header: "Base URL",
    meta: { cellClassName: "break-all font-mono text-xs" },
  }),
  column.accessor("projectGuid", {
    header: "Project GUID",
    meta: { cellClassName: "whitespace-nowrap font-mono text-xs" },
  }),
  column.accessor("keyHint", {
    header: "API key",
    enableGlobalFilter: false,
    meta: { cellClassName: "whitespace-nowrap font-mono text-xs" },
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row: { original: connection } }) => (
      <ConnectionRowActions
        connectionRef={connection.ref}
        name={connection.name}
        readOnly={connection.readOnly}
      />
    ),
  }),
]);

/** The projects this console reads: each row tests, marks test or live, or deletes its connection. */
export function ConnectionsTable({ connections }: { connections: ConnectionSummary[] }) {
  return (
    <DataTable
      noun="connections"
      caption="Project connections"
      rows={connections}
      columns={columns}
      getRowId={(connection) => connection.ref}
      rowTestId={(connection) => `connection-${connection.name}`}
      pageSize={50}
      filter={connections.length > 10}
      empty={{ title: "No connection yet", description: "Add the first one below." }}
    />
  );
}
