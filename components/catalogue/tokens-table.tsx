"use client";
import { DataTable } from "@/components/data-table/data-table";
import { ExportLink } from "@/components/data-table/export-link";
import { columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import type { ProjectToken } from "@/lib/contract/catalogue";

const column = columnHelper<ProjectToken>();

const columns = column.columns([
  column.accessor("Symbol", { header: "Symbol", sortFn: "text" }),
  column.accessor("Name", { header: "Name", sortFn: "text" }),
  column.accessor("Guid", {
    header: "GUID",
    enableSorting: false,
    cell: ({ row }) => <IdCell value={row.original.Guid} what={`GUID of ${row.original.Symbol}`} wide />,
  }),
  column.accessor((row) => row.Contracts.map((c) => `${c.ChainName} ${c.ContractGuid}`).join(" "), {
    id: "contracts",
    header: "Contracts",
    enableSorting: false,
    cell: ({ row }) => (
      <ul className="flex flex-col gap-1">
        {row.original.Contracts.map((contract) => (
          <li key={contract.ContractGuid} className="flex items-center gap-2 whitespace-nowrap">
            <span className="min-w-20 font-medium">{contract.ChainName}</span>
            <IdCell
              value={contract.ContractGuid}
              what={`contract GUID of ${row.original.Symbol} on ${contract.ChainName}`}
              wide
            />
          </li>
        ))}
      </ul>
    ),
  }),
]);

export function TokensTable({ rows }: { rows: ProjectToken[] }) {
  return (
    <DataTable
      noun="tokens"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.Guid}
      toolbar={<ExportLink href="/catalogue/tokens/export.csv" />}
    />
  );
}
