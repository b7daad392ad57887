import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AwardTokensRequest, FundWalletRequest } from "@/lib/contract/awards";
import { fromUnits, toUnits } from "@/lib/contract/decimal";
import { createTestDatabase, expectLedgerBalanced } from "@/testing/service/harness";
import type { ServiceDatabase } from "../db/connection";
import { awardTokens, fundWallet, startFunding } from "./awards";
import { importFixture } from "./import";
import {
  accountKey,
  LedgerModel,
  type ModelLine,
  type ModelOutcome,
  type ModelRequest,
} from "./ledger-model";
import { ServiceError } from "./service-error";
import { rows } from "./sql-rows";
import { getWallet } from "./wallet";

/**
 * The ledger's rules, one home (docs/service.md, "The ledger"): random sequences of allowances,
 * direct awards, fundings and replays (same RequestID, same or another body, any case) on
 * several tokens and contracts go through the real database functions — on PGlite and on
 * PostgreSQL, as every *.db.test.ts — and through the pure model (ledger-model.ts). After every
 * request the answers agree; after every sequence so do every balance, the queue's order and
 * every award's status, and every contract's balances sum to zero. Each sequence runs on a
 * project of its own, with its own opening balances, and settles in batches of 1–3 awards so that
 * a funding's settlement spans several transactions. Some fundings are interrupted after their
 * first transaction (as by a crash) and then sent again, which must continue them.
 */

const CONTRACT_COUNT = 4;
const tokenGuid = (t: number) => `a${t}000000-0000-4000-8000-00000000000${t}`;
const contractGuid = (c: number) => `c${c}000000-0000-4000-8000-00000000000${c}`;
/** Token of each contract: token 0 has two contracts, so lines of one token can differ in contract. */
const TOKEN_OF = [0, 0, 1, 2];

const CUSTOMERS = ["ann", "bo", "cy"];
const WALLETS = ["w1", "w2"];
const AMOUNTS = ["0.5", "1", "2", "3", "5"];
/** Fundings are larger, so that they release several queued awards at once. */
const FUNDING_AMOUNTS = ["1", "5", "10", "20.5"];

type Line = { contract: number; amount: string };
type Op =
  | { kind: "allowance"; customer: string; lines: Line[] }
  | { kind: "direct"; customer: string; wallet: string; lines: Line[] }
  | { kind: "fund"; lines: Line[]; interrupted: boolean }
  | { kind: "replay"; index: number; change: "none" | "body" | "kind" };

const lineArb = fc.record({
  contract: fc.integer({ min: 0, max: CONTRACT_COUNT - 1 }),
  amount: fc.constantFrom(...AMOUNTS),
});
const linesArb = fc.uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (l) => l.contract });
const fundingLinesArb = fc.uniqueArray(
  fc.record({
    contract: fc.integer({ min: 0, max: CONTRACT_COUNT - 1 }),
    amount: fc.constantFrom(...FUNDING_AMOUNTS),
  }),
  { minLength: 1, maxLength: CONTRACT_COUNT, selector: (l) => l.contract },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("allowance" as const),
      customer: fc.constantFrom(...CUSTOMERS),
      lines: linesArb,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("direct" as const),
      customer: fc.constantFrom(...CUSTOMERS),
      wallet: fc.constantFrom(...WALLETS),
      lines: linesArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("fund" as const),
      lines: fundingLinesArb,
      interrupted: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("replay" as const),
      index: fc.nat(),
      change: fc.constantFrom("none" as const, "body" as const, "kind" as const),
    }),
  },
);
const scenarioArb = fc.record({
  projectWallet: fc.array(fc.option(fc.constantFrom(...AMOUNTS), { nil: null }), {
    minLength: CONTRACT_COUNT,
    maxLength: CONTRACT_COUNT,
  }),
  holdings: fc.array(
    fc.record({
      customer: fc.constantFrom(...CUSTOMERS),
      wallet: fc.constantFrom("", ...WALLETS),
      line: lineArb,
    }),
    { maxLength: 4 },
  ),
  batch: fc.integer({ min: 1, max: 3 }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 40, size: "medium" }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

let database: ServiceDatabase;
let projects = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await expectLedgerBalanced(database.db);
  await database.close();
});

function fixture(project: string, scenario: Scenario) {
  return {
    project: { guid: project, name: "Ledger rules" },
    chains: [{ name: "DB", symbol: "DB", addressFormat: null }],
    tokens: [0, 1, 2].map((t) => ({
      guid: tokenGuid(t),
      symbol: `T${t}`,
      name: `Token ${t}`,
      image: "",
      contracts: TOKEN_OF.flatMap((token, c) =>
        token === t ? [{ guid: contractGuid(c), chain: "DB", address: "" }] : [],
      ),
    })),
    projectWallet: scenario.projectWallet.flatMap((amount, c) =>
      amount ? [{ token: tokenGuid(TOKEN_OF[c] as number), contract: contractGuid(c), amount }] : [],
    ),
    customers: CUSTOMERS.map((id) => ({
      id,
      holdings: scenario.holdings
        .filter((h) => h.customer === id)
        .map((h) => ({
          token: tokenGuid(TOKEN_OF[h.line.contract] as number),
          contract: contractGuid(h.line.contract),
          wallet: h.wallet,
          amount: h.line.amount,
          isAllowance: h.wallet === "",
        })),
    })),
  };
}

const modelLines = (lines: readonly Line[]): ModelLine[] =>
  lines.map((l) => ({ contract: l.contract, amount: toUnits(l.amount) }));
const wireLines = (lines: readonly Line[]) =>
  lines.map((l) => ({
    Guid: tokenGuid(TOKEN_OF[l.contract] as number),
    ContractGuid: contractGuid(l.contract),
    Amount: l.amount,
  }));
/** The model's "same body": the request without its RequestID, lines as a set. */
const bodyOf = (fields: object, lines: readonly Line[]) =>
  JSON.stringify({ ...fields, lines: [...lines].sort((a, b) => a.contract - b.contract) });

/** A request as the model and the service each take it. */
interface Sent {
  model: ModelRequest;
  op: Exclude<Op, { kind: "replay" }>;
  requestId: string;
}

function requestOf(op: Exclude<Op, { kind: "replay" }>, requestId: string): Sent {
  const lines = modelLines(op.lines);
  if (op.kind === "fund")
    return { op, requestId, model: { kind: "funding", requestId, body: bodyOf({ f: 1 }, op.lines), lines } };
  const isAllowance = op.kind === "allowance";
  const wallet = op.kind === "direct" ? op.wallet : "";
  return {
    op,
    requestId,
    model: {
      kind: "award",
      requestId,
      body: bodyOf({ customer: op.customer, isAllowance, wallet }, op.lines),
      customer: op.customer,
      isAllowance,
      wallet,
      lines,
    },
  };
}

const fundingRequest = (project: string, { op, requestId }: Sent): FundWalletRequest => ({
  ApiKey: "",
  RequestID: requestId,
  ProjectGuid: project,
  Tokens: wireLines(op.lines),
});

async function send(projectId: number, project: string, sent: Sent, batch: number): Promise<ModelOutcome> {
  const { op, requestId } = sent;
  try {
    if (op.kind === "fund") {
      const request = fundingRequest(project, sent);
      return { settled: (await fundWallet(database.db, projectId, request, undefined, { batch })).settled };
    }
    const request: AwardTokensRequest = {
      RequestID: requestId,
      ProjectGuid: project,
      IsAllowance: op.kind === "allowance",
      IsMintable: false,
      CustomerID: op.customer,
      Wallet: op.kind === "direct" ? op.wallet : "",
      Tokens: wireLines(op.lines),
    };
    return { status: (await awardTokens(database.db, projectId, request)).status };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 409)
      return { conflict: /wallet funding/.test(error.message) ? "funding" : "award" };
    throw error;
  }
}

/** The replayed request: the same, the same with another body, or the other kind. */
function replayOf(original: Sent, change: "none" | "body" | "kind", n: number): Sent {
  // A replay in upper case: RequestIDs compare case-insensitively (rule 3).
  const requestId = original.requestId.toUpperCase();
  if (change === "none") return requestOf(original.op, requestId);
  if (change === "kind")
    return requestOf(
      original.op.kind === "fund"
        ? { kind: "allowance", customer: "ann", lines: original.op.lines }
        : { kind: "fund", lines: original.op.lines, interrupted: false },
      requestId,
    );
  const [first, ...rest] = original.op.lines as [Line, ...Line[]];
  const bumped = { ...first, amount: fromUnits(toUnits(first.amount) + toUnits(String(n + 1))) };
  return requestOf({ ...original.op, lines: [bumped, ...rest] }, requestId);
}

async function databaseState(projectId: number) {
  const db = database.db;
  const contracts = await rows<{ id: number; guid: string }>(
    db,
    sql`select id, guid::text as guid from service.contracts where project_id = ${projectId}`,
  );
  const contractNumber = new Map(
    contracts.map((c) => [
      c.id,
      Array.from({ length: CONTRACT_COUNT }, (_, i) => contractGuid(i)).indexOf(c.guid),
    ]),
  );
  const accounts = await rows<{
    contract_id: number;
    kind: string;
    customer: string;
    wallet: string;
    balance: string;
  }>(
    db,
    sql`select a.contract_id, a.kind, coalesce(cu.customer_id, '') as customer, a.wallet, a.balance::text as balance
          from service.accounts a left join service.customers cu on cu.id = a.customer_id
         where a.project_id = ${projectId}`,
  );
  const balances = new Map(
    accounts
      .filter((a) => toUnits(a.balance) !== 0n)
      .map((a) => [
        accountKey(contractNumber.get(a.contract_id) as number, a.kind as "world", a.customer, a.wallet),
        toUnits(a.balance),
      ]),
  );
  const statuses = await rows<{ request_id: string; kind: string; status: string }>(
    db,
    sql`select lower(request_id_text) as request_id, kind, status from service.awards where project_id = ${projectId}`,
  );
  const unbalanced = await rows<{ contract_id: number }>(
    db,
    sql`select contract_id from service.accounts where project_id = ${projectId}
         group by contract_id having sum(balance) <> 0`,
  );
  return {
    balances,
    queue: (await getWallet(db, projectId)).Queue.map((q) => q.RequestID),
    awardStatuses: new Map(statuses.filter((s) => s.kind === "award").map((s) => [s.request_id, s.status])),
    unfinishedFundings: statuses.filter((s) => s.kind === "funding" && s.status !== "Completed"),
    unbalancedContracts: unbalanced,
  };
}

async function check(scenario: Scenario): Promise<void> {
  projects += 1;
  const project = `f0000000-0000-4000-8000-${String(projects).padStart(12, "0")}`;
  const { projectId } = await importFixture(database.db, fixture(project, scenario), { reset: false });
  const model = new LedgerModel();
  scenario.projectWallet.forEach((amount, c) => {
    if (amount) model.open(c, "project", toUnits(amount));
  });
  for (const h of scenario.holdings)
    model.open(
      h.line.contract,
      h.wallet === "" ? "allowance" : "wallet",
      toUnits(h.line.amount),
      h.customer,
      h.wallet,
    );

  const sent: Sent[] = [];
  for (const [n, op] of scenario.ops.entries()) {
    let request: Sent;
    if (op.kind === "replay") {
      const original = sent[op.index % Math.max(sent.length, 1)];
      if (!original) continue;
      request = replayOf(original, op.change, n);
    } else {
      request = requestOf(op, `e0000000-0000-4000-8000-${String(n).padStart(12, "0")}`);
      sent.push(request);
    }
    const expected = request.model.kind === "award" ? model.award(request.model) : model.fund(request.model);
    // An interrupted funding: its first transaction only, then the client sends it again.
    if (op.kind === "fund" && op.interrupted)
      await startFunding(database.db, projectId, fundingRequest(project, request), undefined, scenario.batch);
    const actual = await send(projectId, project, request, scenario.batch);
    expect(actual, `request ${n}: ${JSON.stringify(op)}`).toEqual(expected);
  }

  const state = await databaseState(projectId);
  expect(state).toEqual({
    balances: model.nonZeroBalances(),
    queue: model.queue.map((award) => award.requestId),
    awardStatuses: model.awardStatuses(),
    unfinishedFundings: [],
    unbalancedContracts: [],
  });
}

/**
 * Always tried first: a funding interrupted after settling an award on contracts 0 and 1 must,
 * when sent again, still reach the award waiting behind it on contract 1 alone — through the
 * contracts of the award it settled, since nothing waits on its own contract 0 any more.
 */
const interruptedReach: Scenario = {
  projectWallet: [null, "5", null, null],
  holdings: [],
  batch: 1,
  ops: [
    {
      kind: "direct",
      customer: "ann",
      wallet: "w1",
      lines: [
        { contract: 0, amount: "1" },
        { contract: 1, amount: "1" },
      ],
    },
    { kind: "direct", customer: "bo", wallet: "w1", lines: [{ contract: 1, amount: "1" }] },
    { kind: "fund", lines: [{ contract: 0, amount: "5" }], interrupted: true },
  ],
};

describe("the ledger's rules, one home (docs/service.md, The ledger)", () => {
  it("random awards, fundings and replays leave exactly the model's balances, queue and statuses", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => check(scenario)),
      { numRuns: 40, examples: [[interruptedReach]] },
    );
  });
});
