"use server";
import "server-only";
import { z } from "zod";
import { reversalReason } from "@/lib/awards/reversal-input";
import { planBatchReversal, reverseBatch } from "@/lib/bulk/batch-reversal";
import { consoleDb } from "@/lib/db/console-db";
import { groupDigits } from "@/lib/format/grouped-decimal";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

const PREVIEW_ROWS = 10;

/** A batch reversal's dry run (docs/console.md, "Reversals"): per row, reversible or why not; nothing is written. */
export const dryRunBatchReversalAction = defineAction(
  "awards:reverse",
  z.object({ batchId: z.number().int().positive() }),
  async ({ batchId }) => {
    const { plan, symbols } = await planBatchReversal(await consoleDb(), batchId);
    const symbolOf = (guid: string) => symbols.get(guid.toLowerCase()) ?? guid;
    const what = (lines: { Guid: string; Amount: string }[]) =>
      lines.map((line) => `${groupDigits(line.Amount)} ${symbolOf(line.Guid)}`).join(" + ");
    return {
      rows: plan.rows.length,
      reversible: plan.reversible,
      skipped: plan.skipped,
      totals: plan.totals.map((total) => ({ symbol: symbolOf(total.tokenGuid), amount: total.amount })),
      // The first rows, and the first of those that cannot be reversed: what the person checks.
      preview: [
        ...plan.rows.filter((row) => row.why === null).slice(0, PREVIEW_ROWS),
        ...plan.rows.filter((row) => row.why !== null).slice(0, PREVIEW_ROWS),
      ]
        .sort((a, b) => a.line - b.line)
        .map((row) => ({ line: row.line, customerId: row.customerId, what: what(row.lines), why: row.why })),
    };
  },
  { changesData: false },
);

/** Reverses a batch's reversible rows, once each (deterministic ReversalIDs), sent in the background. */
export const reverseBatchAction = defineAction(
  "awards:reverse",
  z.object({
    batchId: z.number().int().positive(),
    reason: reversalReason,
  }),
  async ({ batchId, reason }, user, { actor }) =>
    reverseBatch(await consoleDb(), user, batchId, reason, {
      actor,
      project: await chosenProjectName(user.id),
    }),
  {
    attempt: async ({ batchId }, user) => ({
      attempted: `Reversal of bulk batch ${batchId}`,
      project: await chosenProjectName(user.id),
      detail: { batchId },
    }),
  },
);
