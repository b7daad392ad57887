import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, expectLedgerBalanced } from "@/testing/service/harness";
import type { ServiceDatabase } from "../db/connection";
import { importFixture } from "./import";
import { rows } from "./sql-rows";

/**
 * service.award_tokens_batch decides runs of new awards together, in one set of statements
 * (service.award_tokens_set, migration 0017). Its outcome must be the one of deciding each award
 * alone, one after another: random groups of allowances, direct awards (paid or queued behind
 * one another), repeats of earlier RequestIDs and the same RequestID twice in one batch are sent
 * to one project as batches and to its twin one award per call; every answer, balance, account
 * (and the order it was created in), award, line, queue position and ledger transaction agree.
 */

const CONTRACTS = 3;
const tokenGuid = (t: number) => `a${t}000000-0000-4000-8000-00000000000${t}`;
const contractGuid = (c: number) => `c${c}000000-0000-4000-8000-00000000000${c}`;
const CUSTOMERS = ["ann", "bo", "cy", "dee"];
const WALLETS = ["w1", "w2"];
const AMOUNTS = ["0.5", "1", "2", "3"];

type Line = { contract: number; amount: string };
type Op =
  | { kind: "award"; allowance: boolean; customer: string; wallet: string; lines: Line[] }
  | { kind: "repeat"; of: number; sameBody: boolean };

const linesArb = fc.uniqueArray(
  fc.record({ contract: fc.integer({ min: 0, max: CONTRACTS - 1 }), amount: fc.constantFrom(...AMOUNTS) }),
  { minLength: 1, maxLength: 2, selector: (l) => l.contract },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("award" as const),
      allowance: fc.boolean(),
      customer: fc.constantFrom(...CUSTOMERS),
      wallet: fc.constantFrom(...WALLETS),
      lines: linesArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("repeat" as const), of: fc.nat(), sameBody: fc.boolean() }),
  },
);
const scenarioArb = fc.record({
  projectWallet: fc.array(fc.constantFrom("0", "1", "3", "6"), {
    minLength: CONTRACTS,
    maxLength: CONTRACTS,
  }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 40 }),
  groups: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 20 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

/** An award as the batch function takes it. */
interface Call {
  requestId: string;
  body: string;
  customer: string;
  allowance: boolean;
  wallet: string;
  lines: Line[];
}

function callsOf(ops: Op[], run: number): Call[] {
  const calls: Call[] = [];
  for (const [i, op] of ops.entries()) {
    if (op.kind === "award") {
      const requestId = `00000000-0000-4000-8000-${String(run * 1000 + i).padStart(12, "0")}`;
      const wallet = op.allowance ? "" : op.wallet;
      calls.push({
        requestId,
        body: JSON.stringify(op),
        customer: op.customer,
        allowance: op.allowance,
        wallet,
        lines: op.lines,
      });
    } else if (calls.length > 0) {
      const first = calls[op.of % calls.length] as Call;
      calls.push({ ...first, body: op.sameBody ? first.body : `${first.body} changed` });
    }
  }
  return calls;
}

let database: ServiceDatabase;
let projects = 0;
let runs = 0;
beforeAll(async () => {
  // One connection on PostgreSQL too, so that every call finds the plans the ones before it kept.
  database = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await expectLedgerBalanced(database.db);
  await database.close();
});

async function newProject(
  scenario: Scenario,
): Promise<{ id: number; contracts: number[]; tokens: number[] }> {
  projects += 1;
  const guid = `f0000000-0000-4000-8000-${String(projects).padStart(12, "0")}`;
  await importFixture(
    database.db,
    {
      project: { guid, name: "Award sets" },
      chains: [{ name: "DB", symbol: "DB", addressFormat: null }],
      tokens: Array.from({ length: CONTRACTS }, (_, t) => ({
        guid: tokenGuid(t),
        symbol: `T${t}`,
        name: `Token ${t}`,
        image: "",
        contracts: [{ guid: contractGuid(t), chain: "DB", address: "" }],
      })),
      projectWallet: scenario.projectWallet.flatMap((amount, c) =>
        amount === "0" ? [] : [{ token: tokenGuid(c), contract: contractGuid(c), amount }],
      ),
      customers: [],
    },
    { reset: false },
  );
  const found = await rows<{ id: number; contract: number; token: number; guid: string }>(
    database.db,
    sql`select p.id, c.id as contract, c.token_id as token, c.guid_text as guid
          from service.projects p join service.contracts c on c.project_id = p.id
         where p.guid = ${guid}::uuid order by c.guid_text`,
  );
  return {
    id: found[0]?.id as number,
    contracts: found.map((f) => f.contract),
    tokens: found.map((f) => f.token),
  };
}

type Answer = { status: string; existing_kind: string | null; existing_body: string | null };

async function decide(project: Awaited<ReturnType<typeof newProject>>, calls: Call[]): Promise<Answer[]> {
  const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const lines = calls.flatMap((c) => c.lines);
  return rows<Answer>(
    database.db,
    sql`select status, existing_kind, existing_body from service.award_tokens_batch(
          ${column(
            calls.map(() => project.id),
            "int",
          )}, ${column(
            calls.map((c) => c.requestId),
            "text",
          )}, ${column(
            calls.map((c) => c.body),
            "text",
          )},
          ${column(
            calls.map((c) => c.customer),
            "text",
          )}, ${column(
            calls.map((c) => c.allowance),
            "boolean",
          )}, ${column(
            calls.map(() => false),
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
            lines.map((l) => project.tokens[l.contract]),
            "int",
          )}, ${column(
            lines.map((l) => project.contracts[l.contract]),
            "int",
          )},
          ${column(
            lines.map((l) => l.amount),
            "numeric",
          )}, ${column(
            calls.map(() => null),
            "text",
          )}, ${column(
            calls.map(() => null),
            "int",
          )})`,
  );
}

/** Everything the awards left in a project, in terms that do not depend on its ids. */
async function stateOf(projectId: number) {
  const accounts = await rows(
    database.db,
    sql`select c.guid_text as contract, a.kind, coalesce(cu.customer_id, '') as customer, a.wallet,
               a.balance::text as balance,
               row_number() over (partition by a.customer_id order by a.id)::int as created
          from service.accounts a join service.contracts c on c.id = a.contract_id
          left join service.customers cu on cu.id = a.customer_id
         where a.project_id = ${projectId} order by 1, 2, 3, 4`,
  );
  const awards = await rows(
    database.db,
    sql`select a.request_id_text as request, a.status, a.customer_text as customer, a.wallet, a.is_allowance,
               a.canonical_body as body, a.completed_at is not null as completed,
               rank() over (order by a.queue_seq)::int as queue,
               (select count(*)::int from service.ledger_transactions t where t.award_id = a.id) as transactions,
               (select string_agg(p.amount::text || '@' || p.account_id::text, ',' order by p.id)
                  from service.ledger_transactions t join service.postings p on p.transaction_id = t.id
                 where t.award_id = a.id) is not null as posted,
               (select string_agg(l.position || ':' || c.guid_text || ':' || l.amount::text || ':' || (l.queue_seq is not null),
                                  ',' order by l.position)
                  from service.award_lines l join service.contracts c on c.id = l.contract_id
                 where l.award_id = a.id) as lines
          from service.awards a where a.project_id = ${projectId} and a.kind = 'award' order by a.id`,
  );
  const customers = await rows(
    database.db,
    sql`select customer_id from service.customers where project_id = ${projectId} order by id`,
  );
  return { accounts, awards, customers };
}

async function check(scenario: Scenario): Promise<void> {
  runs += 1;
  const calls = callsOf(scenario.ops, runs);
  const batched = await newProject(scenario);
  const alone = await newProject(scenario);
  const batchedAnswers: Answer[] = [];
  let next = 0;
  for (let g = 0; next < calls.length; g += 1) {
    const size = scenario.groups[g % scenario.groups.length] as number;
    batchedAnswers.push(...(await decide(batched, calls.slice(next, next + size))));
    next += size;
  }
  const aloneAnswers: Answer[] = [];
  for (const call of calls) aloneAnswers.push(...(await decide(alone, [call])));
  expect(batchedAnswers).toEqual(aloneAnswers);
  expect(await stateOf(batched.id)).toEqual(await stateOf(alone.id));
}

/** Rows of a table read so far by index and sequential scans (the statistics, flushed first). */
async function rowsRead(table: string): Promise<number> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [found] = await rows<{ n: string }>(
    database.db,
    sql`select (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::text as n
          from pg_stat_user_tables where schemaname = 'service' and relname = ${table}`,
  );
  return Number(found?.n ?? 0);
}

describe("award batches decided as sets (migration 0017)", () => {
  it("a batch reads a few rows of awards and customers however many exist, also with the plans it kept from when they were few", async () => {
    const scenario: Scenario = { projectWallet: ["6", "6", "6"], ops: [], groups: [5] };
    const project = await newProject(scenario);
    const batch = (round: number) =>
      decide(
        project,
        Array.from({ length: 5 }, (_, i) => ({
          requestId: `10000000-0000-4000-8000-${String(round * 10 + i).padStart(12, "0")}`,
          body: "{}",
          customer: `probe-${round}-${i}`,
          allowance: true,
          wallet: "",
          lines: [{ contract: 0, amount: "1" }],
        })),
      );
    // PL/pgSQL keeps a statement's generic plan after a few calls: these are made on small tables.
    for (let round = 0; round < 8; round += 1) await batch(round);
    // Then many awards and customers arrive (another project's, written directly).
    const other = await newProject(scenario);
    await database.db.execute(
      sql`insert into service.customers (project_id, customer_id)
          select ${other.id}, 'many-' || i from generate_series(1, 5000) as i`,
    );
    await database.db.execute(
      sql`insert into service.awards (project_id, request_id, request_id_text, kind, canonical_body, status)
          select ${other.id}, u, u::text, 'award', '{}', 'Completed'
            from (select gen_random_uuid() as u from generate_series(1, 5000)) g`,
    );
    const awardsBefore = await rowsRead("awards");
    const customersBefore = await rowsRead("customers");
    expect((await batch(8)).map((a) => a.status)).toEqual(Array(5).fill("Completed"));
    expect((await rowsRead("awards")) - awardsBefore).toBeLessThan(100);
    expect((await rowsRead("customers")) - customersBefore).toBeLessThan(100);
  });

  it("random groups of awards end exactly as the same awards decided one by one", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => check(scenario)),
      { numRuns: 40 },
    );
  });
});
