import "server-only";
import type { ConsoleUser } from "@/lib/auth/users";
import { ServiceCallError } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { consoleDb } from "@/lib/db/console-db";
import { projectContext } from "@/lib/project/current-project";
import { type BatchCounts, batchCounts, findBatchByFile, recentMatches, writeBatch } from "./batch-store";
import { parseAwardCsv } from "./csv";
import { fileSha256 } from "./request-ids";
import { startSending } from "./running";
import { dryRun, type RepeatedRow, type RowError, type Total } from "./validate";

/** A bulk problem a person can act on; the action passes its message on. */
export class BulkError extends Error {}

/** What the dry run shows: plain data, safe to hand to the browser (no key, no connection). */
export interface DryRunReport {
  fileName: string;
  fileSha256: string;
  summary: { rows: number; players: number; totals: Total[]; errors: number };
  errors: RowError[];
  repeated: RepeatedRow[];
  /** Rows that repeat an award of the last 30 days sent under another RequestID. */
  recent: { line: number; requestId: string; sentAt: string; sentBy: string; status: string }[];
  /** This very file was sent before for this project: its batch (same RequestIDs). */
  previous: { batchId: number; createdAt: string; actorEmail: string; counts: BatchCounts } | null;
}

async function check(user: ConsoleUser, fileName: string, bytes: Uint8Array) {
  const { chosen, connection } = await projectContext(user.id);
  if (!chosen || !connection) throw new BulkError("No project is chosen: an owner adds a connection first.");
  const parsed = parseAwardCsv(bytes);
  if (!parsed.ok) throw new BulkError(parsed.error);
  let tokens: Awaited<ReturnType<typeof listProjectTokens>>["Data"]["Tokens"];
  try {
    tokens = (await listProjectTokens(connection)).Data.Tokens;
  } catch (error) {
    if (error instanceof ServiceCallError) throw new BulkError(`The file was not checked: ${error.message}`);
    throw error;
  }
  const checked = dryRun(parsed.rows, tokens);
  const sha = fileSha256(bytes);
  const db = await consoleDb();
  const [recent, previous] = await Promise.all([
    recentMatches(db, connection.projectGuid, sha, checked.rows),
    findBatchByFile(db, connection.projectGuid, sha),
  ]);
  const report: DryRunReport = {
    fileName,
    fileSha256: sha,
    summary: checked.summary,
    errors: checked.errors,
    repeated: checked.repeated,
    recent: recent.map((match) => ({
      line: match.line,
      requestId: match.requestId,
      sentAt: match.createdAt.toISOString(),
      sentBy: match.actorEmail,
      status: match.status,
    })),
    previous: previous
      ? {
          batchId: previous.id,
          createdAt: previous.createdAt.toISOString(),
          actorEmail: previous.actorEmail,
          counts: await batchCounts(db, previous.id),
        }
      : null,
  };
  return { report, rows: checked.rows, chosen, connection, db };
}

/** The dry run: nothing is written or sent. */
export async function checkBulkFile(
  user: ConsoleUser,
  fileName: string,
  bytes: Uint8Array,
): Promise<DryRunReport> {
  return (await check(user, fileName, bytes)).report;
}

/**
 * Sends a checked file: checked again here (the browser's dry run is not trusted), refused while
 * it has errors or unconfirmed repeats, then written to the trail as a batch and handed to the
 * sender. The same file again is the same batch: nothing new is written and nobody is paid twice.
 */
export async function sendBulkFile(
  user: ConsoleUser,
  input: {
    fileName: string;
    bytes: Uint8Array;
    reason: string;
    confirmRepeats: boolean;
    confirmRecent: boolean;
  },
): Promise<{ batchId: number; created: boolean }> {
  const { report, rows, chosen, connection, db } = await check(user, input.fileName, input.bytes);
  if (report.errors.length > 0)
    throw new BulkError(
      `The file has ${report.errors.length} row${report.errors.length === 1 ? "" : "s"} with errors: fix them and upload it again. Nothing was sent.`,
    );
  if (report.repeated.length > 0 && !input.confirmRepeats)
    throw new BulkError(
      "Some rows repeat other rows of the file: confirm that they are meant to. Nothing was sent.",
    );
  if (report.recent.length > 0 && !input.confirmRecent)
    throw new BulkError(
      "Some rows repeat awards sent in the last 30 days: confirm that they are meant to. Nothing was sent.",
    );
  const { batch, created } = await writeBatch(
    db,
    {
      fileName: input.fileName,
      fileSha256: report.fileSha256,
      connection: chosen.ref,
      baseUrl: connection.baseUrl,
      projectGuid: connection.projectGuid,
      actorId: user.id,
      actorEmail: user.email,
      reason: input.reason,
    },
    rows,
  );
  startSending(batch.id);
  return { batchId: batch.id, created };
}
