import { csvLine } from "@/lib/model/csv-out";
import { COLUMNS, type CsvRow } from "./csv";

/** A row of the file with errors (it blocks sending) or warnings (sending needs a confirmation or is worth a look). */
export interface ProblemRow {
  line: number;
  fields: CsvRow["fields"];
  problems: string[];
}

export const PROBLEM_FILE_HEADER = ["line", "kind", ...COLUMNS, "problems"] as const;

/**
 * The dry run's downloadable file: every row with errors or warnings, in file order, each with
 * its fields as written, a `kind` column saying `error` or `warning`, and what is wrong or worth
 * a look (docs/console.md, "Bulk awards"). A row has errors or warnings, never both: warnings are
 * looked for only on rows that pass every check.
 */
export function problemFile(errors: readonly ProblemRow[], warnings: readonly ProblemRow[]): string {
  const rows = [
    ...errors.map((row) => ({ row, kind: "error" })),
    ...warnings.map((row) => ({ row, kind: "warning" })),
  ].sort((a, b) => a.row.line - b.row.line);
  return (
    csvLine(PROBLEM_FILE_HEADER) +
    rows
      .map(({ row, kind }) =>
        csvLine([String(row.line), kind, ...COLUMNS.map((c) => row.fields[c]), row.problems.join("; ")]),
      )
      .join("")
  );
}
