"use client";
import type { ReactNode } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { Disclosure } from "@/components/ui/disclosure";
import { When } from "@/components/ui/when";
import type { PriceRow } from "@/lib/catalogue/price-rows";
import { ShownTextView } from "./shown-text";

const column = columnHelper<PriceRow>();

const VALIDITY_TONE = { active: "success", scheduled: "info", expired: "neutral" } as const;

const columns = column.columns([
  column.accessor("currency", { header: "Currency" }),
  column.accessor("amount", {
    header: "Amount",
    enableSorting: false,
    meta: { numeric: true },
  }),
  column.accessor("discount", { header: "Discount", enableSorting: false, meta: { numeric: true } }),
  column.accessor("effective", {
    header: "Effective price",
    enableSorting: false,
    meta: { numeric: true },
    cell: ({ row }) => <Amount value={row.original.effective} className="font-medium" />,
  }),
  column.accessor((row) => (row.taxIncluded ? "Included" : "Not included"), {
    id: "tax",
    header: "Tax",
    meta: { wideOnly: "xl" },
  }),
  column.accessor("chain", { header: "Chain" }),
  column.accessor("validity", {
    header: "Valid",
    cell: ({ row }) => {
      const { validity, fromDate, toDate } = row.original;
      return (
        <span className="flex flex-col gap-1">
          <span>
            <Badge tone={VALIDITY_TONE[validity]}>{validity[0]?.toUpperCase() + validity.slice(1)}</Badge>
          </span>
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            {fromDate || toDate ? (
              <>
                {fromDate ? <When iso={fromDate} /> : "…"} → {toDate ? <When iso={toDate} /> : "…"}
              </>
            ) : (
              "Always"
            )}
          </span>
        </span>
      );
    },
  }),
  column.accessor("tier", { header: "Quantity", enableSorting: false }),
  column.accessor((row) => row.products.map((product) => product.title?.value ?? "").join(" "), {
    id: "products",
    header: "Sells",
    enableSorting: false,
    cell: ({ row }) => {
      const { products } = row.original;
      return (
        <Disclosure
          summaryClassName="cursor-pointer"
          summary={`${products.length} product${products.length === 1 ? "" : "s"}`}
        >
          <ul className="mt-1 flex flex-col gap-1">
            {products.map((product) => (
              <li key={product.guid}>
                <ShownTextView text={product.title} what="title" />
              </li>
            ))}
          </ul>
        </Disclosure>
      );
    },
  }),
  column.accessor("guid", {
    header: "Price GUID",
    enableSorting: false,
    // An ID, out of the reading path: from the widest screens (the filter box still finds it).
    meta: { wideOnly: "2xl" },
    cell: ({ row }) => <IdCell value={row.original.guid} what={`price GUID ${row.original.guid}`} />,
  }),
]);

export interface PricesTableProps {
  /** One page of prices, filtered, sorted and paged by the server (PRICE_TABLE). */
  rows: PriceRow[];
  /** How many prices match the filters, and how many the service listed. */
  rowCount: number;
  of: number;
  toolbar?: ReactNode;
}

export function PricesTable({ rows, rowCount, of, toolbar }: PricesTableProps) {
  return (
    <DataTable
      noun="prices"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.guid}
      chooseColumns
      toolbar={toolbar}
      server={{ rowCount, of }}
    />
  );
}
