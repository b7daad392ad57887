import "server-only";
import { sql } from "drizzle-orm";
import type { ApprovalRecord } from "@/lib/approvals/approvals";
import { readPolicies } from "@/lib/approvals/policies";
import {
  checkTokens,
  describeBreach,
  limitBreach,
  type TokenCheck,
  totalsByToken,
} from "@/lib/approvals/policy-model";
import { approvalExpiry, approvalTotals } from "@/lib/approvals/request-terms";
import { LimitError, reserveSpend, usedToday } from "@/lib/approvals/spend";
import type { AuditActor } from "@/lib/audit/audit-log";
import { recordRefusal } from "@/lib/audit/refusals";
import type { ConsoleUser } from "@/lib/auth/users";
import { requestApproval } from "@/lib/awards/approval-decisions";
import { getWallet } from "@/lib/client/awards";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { listProjectTokens } from "@/lib/client/catalogue";
import { consoleDb } from "@/lib/db/console-db";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { pinnedNotes } from "@/lib/player-notes/notes";
import { isNewPlayer } from "@/lib/players/new-player";
import { requireProject } from "@/lib/project/current-project";
import { auditBatchWritten } from "./batch-audit";
import { batchCounts, findBatchByFile, recentMatches, writeBatch } from "./batch-store";
import { type CsvRow, parseAwardCsv } from "./csv";
import type { DryRunReport, FundsReport } from "./dry-run-report";
import { directAwards, forecastFunds } from "./funds";
import { findNewPlayers, type NewPlayerCheck } from "./new-players";
import type { ProblemRow } from "./problem-file";
import { fileSha256 } from "./request-ids";
import { startSending } from "./running";
import { type BulkRow, dryRun, type RepeatedRow } from "./validate";

/** Distinct players of the checked rows, in the order they first appear. */
const playersOf = (rows: readonly BulkRow[]) => [...new Set(rows.map((row) => row.customerId))];

/** Asks the service whether each player is new (docs/console.md, "Bulk awards"). */
function checkNewPlayers(connection: ServiceConnection, rows: readonly BulkRow[]): Promise<NewPlayerCheck> {
  return findNewPlayers(playersOf(rows), (customerId) => isNewPlayer(connection, customerId));
}

/** The file's direct rows against the project wallet, when the service has our Wallet extension. */
async function checkFunds(
  connection: ServiceConnection,
  rows: readonly BulkRow[],
): Promise<{ report: FundsReport; waitingLines: number[] }> {
  let wallet: Awaited<ReturnType<typeof getWallet>>["Data"];
  try {
    wallet = (await getWallet(connection)).Data;
  } catch (error) {
    if (isExtensionMissing(error)) return { report: { kind: "no-extension" }, waitingLines: [] };
    if (error instanceof ServiceCallError)
      return { report: { kind: "failed", message: error.message }, waitingLines: [] };
    throw error;
  }
  const awards = directAwards(rows);
  const forecast = forecastFunds(awards, wallet);
  return {
    report: {
      kind: "checked",
      directRows: awards.length,
      waitingRows: forecast.waitingLines.length,
      contracts: forecast.contracts,
    },
    waitingLines: forecast.waitingLines,
  };
}

/** One entry per checked row that wants a look, with every reason, for the page and the file. */
function rowWarnings(
  parsed: readonly CsvRow[],
  rows: readonly BulkRow[],
  found: {
    repeated: readonly RepeatedRow[];
    recent: DryRunReport["recent"];
    newPlayers: NewPlayerCheck;
    waitingLines: readonly number[];
  },
): ProblemRow[] {
  const byLine = new Map<number, string[]>();
  const add = (line: number, problem: string) => byLine.set(line, [...(byLine.get(line) ?? []), problem]);
  for (const row of found.repeated) add(row.line, `repeats line ${row.sameAs} (the same award again)`);
  for (const row of found.recent)
    add(
      row.line,
      `repeats award ${row.requestId} (${row.sentBy}, ${row.sentAt.slice(0, 10)}, ${row.status}): it is paid again`,
    );
  const fresh = new Set(found.newPlayers.newPlayers);
  const unchecked = new Set(found.newPlayers.failure?.unchecked ?? []);
  for (const row of rows) {
    if (fresh.has(row.customerId)) add(row.line, "customer_id: new player: no tokens or items yet");
    if (unchecked.has(row.customerId))
      add(row.line, "customer_id: not checked for being new: the service could not be asked");
  }
  for (const line of found.waitingLines) add(line, "amount: will wait in the queue for project funds");
  const fields = new Map(parsed.map((row) => [row.line, row.fields]));
  return [...byLine]
    .sort(([a], [b]) => a - b)
    .map(([line, problems]) => ({ line, fields: fields.get(line) as CsvRow["fields"], problems }));
}

/** The rows the dry run shows as they will be sent: enough to see every column was read right. */
const PREVIEW_ROWS = 5;

interface Checked {
  report: Omit<DryRunReport, "newPlayers" | "funds" | "warnings" | "policy" | "pinnedNotes">;
  parsed: CsvRow[];
  rows: BulkRow[];
  chosen: Awaited<ReturnType<typeof requireProject>>["chosen"];
  connection: ServiceConnection;
  db: Awaited<ReturnType<typeof consoleDb>>;
}

/** What the file is, row by row, and what the trail knows of it; the service is asked only for tokens. */
async function check(user: ConsoleUser, fileName: string, bytes: Uint8Array): Promise<Checked> {
  const { chosen, connection } = await requireProject(user.id);
  const parsed = parseAwardCsv(bytes);
  if (!parsed.ok) throw new UserFacingError(parsed.error);
  let tokens: Awaited<ReturnType<typeof listProjectTokens>>["Data"]["Tokens"];
  try {
    tokens = (await listProjectTokens(connection)).Data.Tokens;
  } catch (error) {
    if (error instanceof ServiceCallError)
      throw new UserFacingError(`The file was not checked: ${error.message}`);
    throw error;
  }
  const checked = dryRun(parsed.rows, tokens);
  const sha = fileSha256(bytes);
  const db = await consoleDb();
  const [recent, previous] = await Promise.all([
    recentMatches(db, connection.projectGuid, sha, checked.rows),
    findBatchByFile(db, connection.projectGuid, sha),
  ]);
  const report: Checked["report"] = {
    fileName,
    fileSha256: sha,
    summary: checked.summary,
    preview: checked.rows
      .slice(0, PREVIEW_ROWS)
      .map(({ line, customerId, symbol, chain, amount, mode, wallet }) => ({
        line,
        customerId,
        symbol,
        chain,
        amount,
        mode,
        wallet,
      })),
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
  return { report, parsed: parsed.rows, rows: checked.rows, chosen, connection, db };
}

/**
 * The dry run: nothing is written or sent. Besides the rows' checks it asks the service about
 * every distinct player (new or not, 8 at a time) and, with the Wallet extension, compares the
 * direct rows with the project wallet and its queue.
 */
export async function checkBulkFile(
  user: ConsoleUser,
  fileName: string,
  bytes: Uint8Array,
): Promise<DryRunReport> {
  const { report, parsed, rows, connection, db } = await check(user, fileName, bytes);
  const [fresh, funds, policy, notes] = await Promise.all([
    checkNewPlayers(connection, rows),
    checkFunds(connection, rows),
    checkPolicy(db, user, connection.projectGuid, rows),
    pinnedNotes(
      db,
      connection.projectGuid,
      rows.map((row) => row.customerId),
    ),
  ]);
  return {
    policy: policy.tokens,
    pinnedNotes: notes,
    ...report,
    newPlayers: {
      players: fresh.newPlayers,
      unchecked: fresh.failure
        ? { players: fresh.failure.unchecked.length, message: fresh.failure.message }
        : null,
    },
    funds: funds.report,
    warnings: rowWarnings(parsed, rows, {
      repeated: report.repeated,
      recent: report.recent,
      newPlayers: fresh,
      waitingLines: funds.waitingLines,
    }),
  };
}

/**
 * Sends a checked file: checked again here (the browser's dry run is not trusted), refused while
 * it has errors or unconfirmed warnings (repeats, recent awards, new players), then written to
 * the trail as a batch and handed to the sender, and recorded in the audit log (sent, waiting for
 * approval, or refused by a daily limit). The same file again is the same batch: nothing new is
 * written and nobody is paid twice.
 */
export async function sendBulkFile(
  user: ConsoleUser,
  input: {
    fileName: string;
    bytes: Uint8Array;
    reason: string;
    confirmRepeats: boolean;
    confirmRecent: boolean;
    confirmNewPlayers: boolean;
  },
  actor: AuditActor,
): Promise<{ batchId: number; created: boolean; approvalId?: number }> {
  const { report, rows, chosen, connection, db } = await check(user, input.fileName, input.bytes);
  if (report.errors.length > 0)
    throw new UserFacingError(
      `The file has ${report.errors.length} row${report.errors.length === 1 ? "" : "s"} with errors: fix them and upload it again. Nothing was sent.`,
    );
  if (report.repeated.length > 0 && !input.confirmRepeats)
    throw new UserFacingError(
      "Some rows repeat other rows of the file: confirm that they are meant to. Nothing was sent.",
    );
  if (report.recent.length > 0 && !input.confirmRecent)
    throw new UserFacingError(
      "Some rows repeat awards sent in the last 30 days: confirm that they are meant to. Nothing was sent.",
    );
  // Confirmed, the answer cannot change what happens; unconfirmed, the service is asked again.
  if (!input.confirmNewPlayers) {
    const fresh = await checkNewPlayers(connection, rows);
    if (fresh.failure)
      throw new UserFacingError(
        `Whether the players are new could not be checked (${fresh.failure.message}): confirm sending to players that may be new. Nothing was sent.`,
      );
    if (fresh.newPlayers.length > 0)
      throw new UserFacingError(
        `${fresh.newPlayers.length === 1 ? "1 player is" : `${fresh.newPlayers.length} players are`} new (no tokens or items yet): confirm that they are meant to. Nothing was sent.`,
      );
  }
  const policy = await checkPolicy(db, user, connection.projectGuid, rows);
  // Told now, before anything is written; the count that holds is the locked one below.
  const breach = limitBreach(policy.totals, policy.policies, user.role, policy.used);
  // A refusal by the limit is recorded on its own: nothing of the batch is written.
  const refuse = async (message: string) => {
    await recordRefusal(db, actor, {
      reason: "limit",
      attempted: `Bulk file ${input.fileName}`,
      message,
      project: chosen.name,
      detail: { fileName: input.fileName, fileSha256: report.fileSha256, rows: report.summary.rows },
    });
    return new UserFacingError(message);
  };
  if (breach) throw await refuse(describeBreach(breach));
  const waits = policy.tokens.some((token) => token.needsApproval);
  const sender = { userId: user.id, role: user.role, projectGuid: connection.projectGuid };
  const expiresAt = await approvalExpiry(db);
  let approval: ApprovalRecord | null = null;
  let written: Awaited<ReturnType<typeof writeBatch>>;
  try {
    written = await writeBatch(
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
      {
        waits,
        // The audit row of what was written goes in its transaction, last.
        alongside: async (tx, batch) => {
          if (!waits) {
            await reserveSpend(tx, sender, policy.policies, sql`a.batch_id = ${batch.id}`);
            await auditBatchWritten(tx, actor, chosen.name, batch, null);
            return;
          }
          approval = await requestApproval(
            tx,
            { batchId: batch.id },
            {
              projectGuid: connection.projectGuid,
              connection: chosen.ref,
              requesterId: user.id,
              requesterEmail: user.email,
              expiresAt,
              summary: {
                totals: approvalTotals(policy.totals, policy.policies, policy.symbolOf),
                batch: {
                  fileName: input.fileName,
                  fileSha256: report.fileSha256,
                  rows: report.summary.rows,
                  players: report.summary.players,
                  allowances: rows.filter((row) => row.mode === "allowance").length,
                  directs: rows.filter((row) => row.mode === "direct").length,
                  confirmed: {
                    repeats: report.repeated.length,
                    recent: report.recent.length,
                    newPlayers: input.confirmNewPlayers,
                  },
                },
              },
            },
          );
          await auditBatchWritten(tx, actor, chosen.name, batch, approval);
        },
      },
    );
  } catch (error) {
    if (error instanceof LimitError) throw await refuse(error.message);
    throw error;
  }
  const { batch, created } = written;
  if (batch.status === "sending") startSending(batch.id);
  const approvalId = (approval as ApprovalRecord | null)?.id;
  return { batchId: batch.id, created, ...(approvalId ? { approvalId } : {}) };
}

/** The file's totals per token against the project's policy and what this person used today. */
async function checkPolicy(
  db: Awaited<ReturnType<typeof consoleDb>>,
  user: ConsoleUser,
  projectGuid: string,
  rows: readonly BulkRow[],
): Promise<{
  tokens: TokenCheck[];
  totals: ReturnType<typeof totalsByToken>;
  policies: Awaited<ReturnType<typeof readPolicies>>;
  symbolOf: (guid: string) => string;
  used: Map<string, string>;
}> {
  const totals = totalsByToken(rows.map((row) => ({ tokenGuid: row.tokenGuid, amount: row.amount })));
  const symbols = new Map(rows.map((row) => [row.tokenGuid.toLowerCase(), row.symbol]));
  const symbolOf = (guid: string) => symbols.get(guid) ?? guid;
  const [policies, used] = await Promise.all([
    readPolicies(db, projectGuid),
    usedToday(db, user.id, projectGuid),
  ]);
  return {
    tokens: checkTokens(totals, policies, user.role, used, symbolOf),
    totals,
    policies,
    symbolOf,
    used,
  };
}
