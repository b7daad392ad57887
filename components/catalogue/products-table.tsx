"use client";
import { type ColumnFacet, DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import type { ProductRow } from "@/lib/catalogue/product-rows";
import { ShownTextView } from "./shown-text";

const column = columnHelper<ProductRow>();

const columns = column.columns([
  column.display({
    id: "image",
    header: "Image",
    cell: ({ row }) =>
      row.original.imageUrl ? (
        // Product images live on any host the studio uses: a plain img, not next/image's allow-list.
        // biome-ignore lint/performance/noImgElement: remote images from arbitrary studio hosts
        <img
          src={row.original.imageUrl}
          // Decorative: the title is in the next cell.
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 rounded bg-muted object-cover"
        />
      ) : (
        <span className="text-xs text-muted-foreground">None</span>
      ),
  }),
  column.accessor((row) => row.title?.value ?? "", {
    id: "title",
    header: "Title",
    cell: ({ row }) => <ShownTextView text={row.original.title} what="title" />,
  }),
  column.accessor((row) => row.description?.value ?? "", {
    id: "description",
    header: "Description",
    enableSorting: false,
    meta: { cellClassName: "min-w-56 max-w-96" },
    cell: ({ row }) => <ShownTextView text={row.original.description} what="description" />,
  }),
  column.accessor("type", {
    id: "type",
    header: "Type",
    filterFn: "equalsString",
    enableGlobalFilter: false,
    cell: ({ row }) => row.original.typeName,
  }),
  column.accessor((row) => (row.unlimited ? "Unlimited" : row.amount), {
    id: "amount",
    header: "Amount",
    enableGlobalFilter: false,
    meta: { numeric: true },
  }),
  column.accessor("guid", {
    header: "GUID",
    enableSorting: false,
    cell: ({ row }) => (
      <IdCell value={row.original.guid} what={`GUID of ${row.original.title?.value ?? "product"}`} />
    ),
  }),
]);

export interface ProductsTableProps {
  /** One page of products, filtered, sorted and paged by the server (PRODUCT_TABLE). */
  rows: ProductRow[];
  /** How many products match the filters, and how many there are. */
  rowCount: number;
  of: number;
  types: { value: string; name: string }[];
  toolbar?: React.ReactNode;
}

export function ProductsTable({ rows, rowCount, of, types, toolbar }: ProductsTableProps) {
  const facets: ColumnFacet[] = [
    {
      columnId: "type",
      label: "Type",
      options: types.map((type) => ({ value: type.value, label: type.name })),
    },
  ];
  return (
    <DataTable
      noun="products"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.guid}
      chooseColumns
      facets={facets}
      toolbar={toolbar}
      server={{ rowCount, of }}
    />
  );
}
