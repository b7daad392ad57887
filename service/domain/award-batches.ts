import { sql } from "drizzle-orm";
import type { AwardStatus } from "@/lib/contract/awards";
import type { ServiceDb } from "../db/connection";
import { rows } from "./sql-rows";
import { withRetry } from "./transaction";

/**
 * Group commit in the service (docs/service.md, "Durability"): awards that arrive while earlier
 * ones are being decided wait and go together, as one call of `service.award_tokens_batch`
 * (migrations 0005, 0008) — one transaction, one commit, one flush of the WAL to disk for all of them.
 * With little traffic every award goes alone at once; under load the batches grow by themselves
 * (no timer), up to MAX_BATCH. A batch that fails as a whole for another reason than a deadlock
 * (which is retried) is decided again award by award, so that only the award at fault fails.
 */

export interface AwardCall {
  projectId: number;
  requestId: string;
  canonicalBody: string;
  customer: string;
  isAllowance: boolean;
  isMintable: boolean;
  wallet: string;
  lines: readonly { tokenId: number; contractId: number; amount: string }[];
  /**
   * The request's key (hex of its hash) and the catalogue version its lines were resolved
   * against, checked again in the batch's transaction (migration 0008); null: not checked.
   */
  keyId: string | null;
  catalogueVersion: number | null;
}

export interface AwardRow {
  /** `Refused`: the key is no longer live for the project, or its catalogue version moved. */
  status: AwardStatus | "Refused";
  existing_kind: string | null;
  existing_body: string | null;
}

interface Pending {
  call: AwardCall;
  /** The shared accounts its batch locks for it (migration 0006): see `locksOf`. */
  locks: string[];
  resolve(row: AwardRow): void;
  reject(error: unknown): void;
}

/** At most this many awards share a transaction. */
export const MAX_BATCH = 64;

const flat = <T>(calls: readonly AwardCall[], pick: (line: AwardCall["lines"][number]) => T) =>
  calls.flatMap((call) => call.lines.map(pick));

async function decide(db: ServiceDb, calls: readonly AwardCall[]): Promise<AwardRow[]> {
  const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const found = await withRetry(() =>
    rows<AwardRow>(
      db,
      sql`select status, existing_kind, existing_body from service.award_tokens_batch(
            ${column(
              calls.map((c) => c.projectId),
              "int",
            )}, ${column(
              calls.map((c) => c.requestId),
              "text",
            )},
            ${column(
              calls.map((c) => c.canonicalBody),
              "text",
            )}, ${column(
              calls.map((c) => c.customer),
              "text",
            )},
            ${column(
              calls.map((c) => c.isAllowance),
              "boolean",
            )}, ${column(
              calls.map((c) => c.isMintable),
              "boolean",
            )},
            ${column(
              calls.map((c) => c.wallet),
              "text",
            )}, ${column(
              calls.map((c) => c.lines.length),
              "int",
            )},
            ${column(
              flat(calls, (l) => l.tokenId),
              "int",
            )}, ${column(
              flat(calls, (l) => l.contractId),
              "int",
            )},
            ${column(
              flat(calls, (l) => l.amount),
              "numeric",
            )},
            ${column(
              calls.map((c) => c.keyId),
              "text",
            )}, ${column(
              calls.map((c) => c.catalogueVersion),
              "int",
            )})`,
    ),
  );
  if (found.length !== calls.length)
    throw new Error("service.award_tokens_batch answered another number of rows.");
  return found;
}

/**
 * The shared accounts a batch locks for an award before deciding it (migration 0006): the project
 * wallet of each direct line's contract, the outside world of each allowance line's contract.
 */
function locksOf(call: AwardCall): string[] {
  return call.lines.map((line) => `${call.isAllowance ? "world" : "project"} ${line.contractId}`);
}

/**
 * The next batch: the waiting awards in order of arrival, up to `max`, except those that would
 * wait for a lock a running batch holds — they wait here instead, and go together in the next
 * batch — and those behind such an award on a lock they share, so that awards on one contract
 * keep their order. Two batches side by side therefore never wait for each other: on one busy
 * contract the awards go in one large batch per commit instead of two small ones taking turns
 * (docs/service.md, "Durability").
 */
export function nextBatch<T extends { locks: readonly string[] }>(
  waiting: readonly T[],
  held: { has(lock: string): boolean },
  max: number,
): { batch: T[]; rest: T[] } {
  const batch: T[] = [];
  const rest: T[] = [];
  const behind = new Set<string>();
  for (const award of waiting) {
    if (batch.length < max && award.locks.every((lock) => !held.has(lock) && !behind.has(lock)))
      batch.push(award);
    else {
      rest.push(award);
      for (const lock of award.locks) behind.add(lock);
    }
  }
  return { batch, rest };
}

class AwardBatches {
  private pending: Pending[] = [];
  private running = 0;
  /** Lock → batches running that hold it. */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly db: ServiceDb,
    /** Batches decided at the same time (connections used). */
    private readonly parallel: number,
  ) {}

  submit(call: AwardCall): Promise<AwardRow> {
    return new Promise((resolve, reject) => {
      this.pending.push({ call, locks: locksOf(call), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.parallel && this.pending.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.running += 1;
      this.hold(batch, 1);
      void this.run(batch).finally(() => {
        this.hold(batch, -1);
        this.running -= 1;
        this.pump();
      });
    }
  }

  private take(): Pending[] {
    const { batch, rest } = nextBatch(this.pending, this.held, MAX_BATCH);
    this.pending = rest;
    return batch;
  }

  private hold(batch: readonly Pending[], change: 1 | -1): void {
    for (const p of batch)
      for (const lock of p.locks) {
        const count = (this.held.get(lock) ?? 0) + change;
        if (count > 0) this.held.set(lock, count);
        else this.held.delete(lock);
      }
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const found = await decide(
        this.db,
        batch.map((p) => p.call),
      );
      for (const [i, p] of batch.entries()) p.resolve(found[i] as AwardRow);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Alone, each award gets its own outcome: only the one at fault fails.
      await Promise.all(
        batch.map((p) =>
          decide(this.db, [p.call]).then(
            ([row]) => p.resolve(row as AwardRow),
            (failure: unknown) => p.reject(failure),
          ),
        ),
      );
    }
  }
}

const batchesByDb = new WeakMap<ServiceDb, AwardBatches>();

/**
 * Batches decided at the same time: PGlite runs one statement at a time, so one; PostgreSQL runs
 * them in parallel on the pool's connections, and two on separate contracts keep the server busy
 * while one commits.
 */
function parallelism(db: ServiceDb): number {
  const client = (db as unknown as { $client?: object }).$client;
  return client && "totalCount" in client ? 2 : 1;
}

/** Decides one award (`service.award_tokens`), batched with those that arrive with it. */
export function decideAward(db: ServiceDb, call: AwardCall): Promise<AwardRow> {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = new AwardBatches(db, parallelism(db));
    batchesByDb.set(db, batches);
  }
  return batches.submit(call);
}
