"use client";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { ExportLink } from "@/components/data-table/export-link";
import { columnHelper } from "@/components/data-table/features";
import type { TranslationRow } from "@/lib/catalogue/translation-rows";

const column = columnHelper<TranslationRow>();

function languageColumn(language: string) {
  return column.accessor((row) => (row.missing[language] ?? []).join(" "), {
    id: `lang-${language}`,
    header: language,
    enableSorting: false,
    enableGlobalFilter: false,
    cell: ({ row }) => {
      const missing = row.original.missing[language] ?? [];
      if (missing.length === 0) return <span className="text-success">Complete</span>;
      return (
        <span className="font-medium text-destructive">
          Missing {missing.map((type) => type.toLowerCase()).join(" and ")}
        </span>
      );
    },
  });
}

/** The gap list a project owner fixes before launch: product × language, what is missing. */
export interface TranslationsTableProps {
  /** One page of products, filtered, sorted and paged by the server (TRANSLATION_TABLE). */
  rows: TranslationRow[];
  /** How many products match the filter, and how many there are. */
  rowCount: number;
  of: number;
  languages: string[];
}

export function TranslationsTable({ rows, rowCount, of, languages }: TranslationsTableProps) {
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("name", { header: "Product" }),
        column.accessor("gaps", { header: "Gaps", enableGlobalFilter: false, meta: { numeric: true } }),
        ...languages.map(languageColumn),
      ]),
    [languages],
  );
  return (
    <DataTable
      noun="products"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.guid}
      server={{ rowCount, of }}
      toolbar={<ExportLink href="/catalogue/translations/export.csv" />}
    />
  );
}
