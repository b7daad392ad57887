import { AwardPagedTable, type AwardRow } from "@/components/awards/award-columns";
import { MOVING_STATUSES } from "@/lib/awards/moving-statuses";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * What the table reads of an award of the trail (lib/awards/trail.ts' AwardRecord, which pages
 * pass, has these and more). Declared here, not imported: the trail is server code, which a
 * component does not import (docs/architecture.md, `components-never-read-data`).
 */
export interface AwardTableRecord {
  id: number;
  requestId: string;
  createdAt: Date;
  customerId: string;
  actorEmail: string;
  isAllowance: boolean;
  lines: readonly { Guid: string; Amount: string }[];
  reason: string;
  batchId: number | null;
  batchLine: number | null;
  status: AwardStatus;
}

/** What the table shows of an award: token GUIDs by symbol where the project knows them. */
function awardRow(award: AwardTableRecord, symbols: Map<string, string>): AwardRow {
  return {
    id: award.id,
    requestId: award.requestId,
    sent: award.createdAt.toISOString(),
    customerId: award.customerId,
    actorEmail: award.actorEmail,
    mode: award.isAllowance ? "Allowance" : "Direct",
    tokens: award.lines.map(
      (line) =>
        `${groupDigits(line.Amount)} ${symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8)}`,
    ),
    reason: award.reason,
    batchId: award.batchId,
    batchLine: award.batchLine,
    status: award.status,
  };
}

export interface AwardTableProps {
  rows: AwardTableRecord[];
  symbols: Map<string, string>;
  /** The history page: these rows are one page of this many, sorted and paged by the database. */
  total?: number;
  /** Whether the history is filtered (nothing matching is then not "no awards yet"). */
  filtered?: boolean;
  /** A page with other tables names this one's URL parameters. */
  urlKey?: string;
  chooseColumns?: boolean;
}

/**
 * Awards from the trail, one page of them (components/data-table/paged-table.tsx). Statuses that
 * still move (queued, sending) are kept current after the first paint; only what the table shows
 * goes to the browser.
 */
export function AwardTable({ rows, symbols, total, filtered, urlKey, chooseColumns }: AwardTableProps) {
  return (
    <AwardPagedTable
      rows={rows.map((award) => awardRow(award, symbols))}
      watch={rows.filter((award) => MOVING_STATUSES.includes(award.status)).map((award) => award.requestId)}
      rowCount={total}
      filtered={filtered}
      urlKey={urlKey}
      chooseColumns={chooseColumns}
    />
  );
}
