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
 * (a batch waits, briefly, for the awards its last one answered: see `schedule`), up to MAX_BATCH.
 * A batch that fails as a whole for another reason than a deadlock (which is retried) is decided
 * again award by award, so that only the award at fault fails.
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
  /**
   * `Refused`: the key is no longer live for the project, or its catalogue version moved.
   * `CapReached`: the award would pass a daily cap of its key (the cap_ fields name it);
   * nothing was written.
   */
  status: AwardStatus | "Refused" | "CapReached";
  existing_kind: string | null;
  existing_body: string | null;
  cap_token: string | null;
  cap_symbol: string | null;
  cap_daily: string | null;
  cap_used: string | null;
}

interface Pending {
  call: AwardCall;
  resolve(row: AwardRow): void;
  reject(error: unknown): void;
}

/** At most this many awards share a transaction. */
export const MAX_BATCH = 64;

/** At most this many turns of the event loop a batch waits for more awards to join. */
const GATHER_TURNS = 8;

/**
 * At most this long a batch waits for the awards it expects (see `schedule`), and never longer
 * than the last batch took to decide: a wait in vain then costs at most what a late award's
 * commit of its own would have.
 */
export const EXPECT_WAIT_MS = 3;

const flat = <T>(calls: readonly AwardCall[], pick: (line: AwardCall["lines"][number]) => T) =>
  calls.flatMap((call) => call.lines.map(pick));

async function decide(db: ServiceDb, calls: readonly AwardCall[]): Promise<AwardRow[]> {
  const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const found = await withRetry(() =>
    rows<AwardRow>(
      db,
      sql`select status, existing_kind, existing_body, cap_token, cap_symbol, cap_daily::text, cap_used::text
            from service.award_tokens_batch(
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

class AwardBatches {
  private readonly pending: Pending[] = [];
  private running = false;
  private scheduled = false;
  /** The awards the next batch waits for: those the last batch answered, and those left waiting. */
  private expected = 1;
  /** How long the last batch took to decide, in milliseconds. */
  private lastRunMs = 0;
  private waiting: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: ServiceDb,
    public expectWaitMs = EXPECT_WAIT_MS,
  ) {}

  submit(call: AwardCall): Promise<AwardRow> {
    return new Promise((resolve, reject) => {
      this.pending.push({ call, resolve, reject });
      if (this.waiting && this.pending.length >= this.expected) {
        clearTimeout(this.waiting);
        this.waiting = null;
        this.gather();
      } else this.schedule();
    });
  }

  /**
   * Which awards a batch takes, in two steps (docs/service.md, "Durability").
   *
   * First it waits for the awards it expects: as many as the last batch answered plus those left
   * waiting when it ended, because a client that was answered usually sends its next award. A
   * client that does more between an answer and its next request (the console's sender writes its
   * trail, one call after another on one thread) sends it up to a few milliseconds later; without
   * this wait its late awards went in batches of their own, each with its own commit and sync of
   * the WAL. The wait ends when they are there, or after `expectWaitMs` (at most the last batch's
   * own time); the batch then expects only what it took. Idle, one award expects one: no wait
   * (award-batches.db.test.ts).
   *
   * Then it reads what arrived meanwhile. PGlite decides a batch in this thread, synchronously:
   * while it runs no request is read, and a batch started as soon as an award was waiting took
   * that one award alone — on PGlite every award had its own transaction and its own sync of the
   * WAL, whatever the number in flight (group-commit.http.test.ts). So the batch waits for turns
   * of the loop (`setImmediate`, after its poll phase has read the sockets) while awards keep
   * joining, for at most GATHER_TURNS turns or MAX_BATCH awards.
   */
  private schedule(): void {
    if (this.running || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    // A timer waits a millisecond at least: after a batch quicker than that, no wait pays.
    if (this.pending.length >= this.expected || this.lastRunMs < 1) {
      this.gather();
      return;
    }
    this.waiting = setTimeout(
      () => {
        this.waiting = null;
        this.gather();
      },
      Math.min(this.expectWaitMs, this.lastRunMs),
    );
  }

  private gather(): void {
    let seen = -1;
    let turns = 0;
    const turn = () => {
      if (this.pending.length !== seen && this.pending.length < MAX_BATCH && turns < GATHER_TURNS) {
        seen = this.pending.length;
        turns += 1;
        setImmediate(turn);
        return;
      }
      this.scheduled = false;
      this.pump();
    };
    setImmediate(turn);
  }

  /**
   * One batch at a time, on either driver. PGlite runs one statement at a time anyway. On
   * PostgreSQL two batches side by side either wait for each other's locks (awards on one
   * contract) or, on separate contracts, halve the batches: on 2 cores, direct awards on 5
   * contracts in turn went at 516–1,163/s with two (3.9–4.3 awards per commit, twice the
   * database's CPU per award) and at 1,424–1,440/s with one (8.3–8.5 per commit).
   */
  private pump(): void {
    if (this.running || this.pending.length === 0) return;
    const batch = this.pending.splice(0, MAX_BATCH);
    this.running = true;
    const started = performance.now();
    void this.run(batch).finally(() => {
      this.running = false;
      this.lastRunMs = performance.now() - started;
      this.expected = Math.min(MAX_BATCH, batch.length + this.pending.length);
      this.schedule();
    });
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

function batchesOf(db: ServiceDb): AwardBatches {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = new AwardBatches(db);
    batchesByDb.set(db, batches);
  }
  return batches;
}

/** Decides one award (`service.award_tokens`), batched with those that arrive with it. */
export function decideAward(db: ServiceDb, call: AwardCall): Promise<AwardRow> {
  return batchesOf(db).submit(call);
}

/**
 * How long the batches on `db` wait, at most, for the awards they expect (EXPECT_WAIT_MS by
 * default). For tests, whose timing a busy machine stretches.
 */
export function setExpectWait(db: ServiceDb, ms: number): void {
  batchesOf(db).expectWaitMs = ms;
}
