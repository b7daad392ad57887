import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GEM,
  GEM_POLYGON,
  GOLD,
  GOLD_DB,
  KEY,
  PLAYER,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import {
  balanceSnapshot,
  expectLedgerBalanced,
  startTestService,
  type TestService,
} from "@/testing/service/harness";
import { post, rawGet } from "@/testing/service/http-client";
import { importFixture } from "../domain/import";

/**
 * Property-based fuzzing of bad input: whatever arrives, the service answers with a 4xx (never a
 * 5xx) and no balance changes. Each generated body breaks at least one rule of docs/service.md's rule 13
 * on purpose, so none of them may be paid.
 */

let service: TestService;
let before: Record<string, string>;
beforeAll(async () => {
  service = await startTestService();
  await importFixture(service.db, testFixture(), { reset: false });
  before = await balanceSnapshot(service.db);
});
afterAll(async () => {
  await service.stop();
});

const RUNS = 150;

async function nothingChanged(): Promise<void> {
  expect(await balanceSnapshot(service.db)).toEqual(before);
  const awards = (await service.db.execute(
    sql`select count(*)::int as n from service.awards`,
  )) as unknown as {
    rows: { n: number }[];
  };
  expect(awards.rows[0]?.n).toBe(0);
  await expectLedgerBalanced(service.db);
}

const anyJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown>;
/** A JSON text for a value, or a number literal of any shape (exponents, signs, huge, tiny). */
const numberLiteral = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.bigInt().map(String),
  // More than 18 decimals that count: trailing zeros do not (0.0000000000000000050 is 18 places).
  fc.tuple(fc.nat(), fc.stringMatching(/^\d{18,39}[1-9]$/)).map(([i, f]) => `${i}.${f}`),
  fc.stringMatching(/^-?\d{61,70}(\.\d{1,3})?$/),
  fc.constantFrom("0", "0.0", "-0", "1e3", "1E-3", "-5"),
);

/** Values that break the rule of one field (all of them, not just some). */
const badField: Record<string, fc.Arbitrary<string>> = {
  RequestID: fc
    .oneof(
      anyJson.filter((v) => typeof v !== "string"),
      fc.string().filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
    )
    .map((v) => JSON.stringify(v)),
  IsAllowance: anyJson.filter((v) => typeof v !== "boolean").map((v) => JSON.stringify(v)),
  CustomerID: fc
    .oneof(
      anyJson.filter((v) => typeof v !== "string"),
      fc.constantFrom("", ".", "..", "a\u0000b", "x".repeat(129)),
      fc.string({ minLength: 1 }).map((s) => `${s}\u0007`),
    )
    .map((v) => JSON.stringify(v)),
  Tokens: fc
    .oneof(
      anyJson.filter((v) => !Array.isArray(v) || v.length === 0),
      fc.array(anyJson, { minLength: 1, maxLength: 3 }).map((lines) => lines.map((l) => ({ Junk: l }))),
    )
    .map((v) => JSON.stringify(v)),
  Amount: numberLiteral
    .filter(
      (text) => !/^\d+(\.\d{1,18})?$/.test(text) || /^[0.]+$/.test(text) || text.split(".")[0]!.length > 60,
    )
    .map((amount) => `[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":${amount}}]`),
  Wallet: fc
    .oneof(
      anyJson.filter((v) => typeof v !== "string"),
      fc.constant(""),
      fc.string({ minLength: 129, maxLength: 200 }),
    )
    .map((v) => JSON.stringify(v)),
  // A wallet that is no EVM address, for a line on the EVM chain.
  EvmWallet: fc.string({ maxLength: 128 }).filter((s) => s.length > 0 && !/^0x[0-9a-fA-F]{40}$/.test(s)),
};

function body(broken: string, value: string, extra: [string, unknown][]): string {
  const fields: Record<string, string> = {
    ApiKey: JSON.stringify(KEY),
    RequestID: '"0f000000-0000-4000-8000-000000000001"',
    ProjectGuid: JSON.stringify(PROJECT),
    IsAllowance: "false",
    CustomerID: JSON.stringify(PLAYER),
    Wallet: '"w"',
    Tokens: `[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":1}]`,
  };
  for (const [name, v] of extra) if (!(name in fields)) fields[name] = JSON.stringify(v);
  if (broken === "Amount") fields.Tokens = value;
  else if (broken === "EvmWallet") {
    fields.Wallet = JSON.stringify(value);
    fields.Tokens = `[{"Guid":"${GEM}","ContractGuid":"${GEM_POLYGON}","Amount":1}]`;
  } else fields[broken] = value;
  return `{${Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(",")}}`;
}

describe("fuzzing (fast-check)", () => {
  it("bad award bodies: never a 5xx, always a named 400, never a changed balance", async () => {
    const broken = fc
      .constantFrom(...Object.keys(badField))
      .chain((name) => fc.tuple(fc.constant(name), badField[name] as fc.Arbitrary<string>));
    const extras = fc.array(fc.tuple(fc.string({ maxLength: 12 }), anyJson), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(broken, extras, async ([name, value], extra) => {
        const response = await post(service.base, "/AwardTokens", body(name, value, extra));
        expect(response.status, `${name}=${value}`).toBe(400);
        expect(response.json.isError).toBe("1");
        expect(response.json.Error).toMatch(/\w/);
      }),
      { numRuns: RUNS },
    );
    await nothingChanged();
  });

  it("arbitrary bytes as a POST body: never a 5xx, never a changed balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.json().map((j) => j.slice(0, -1)),
        ),
        async (text) => {
          const award = await post(service.base, "/AwardTokens", text);
          const funding = await post(service.base, "/FundWallet", text);
          for (const response of [award, funding]) {
            expect(response.status, text).toBeGreaterThanOrEqual(400);
            expect(response.status, text).toBeLessThan(500);
          }
        },
      ),
      { numRuns: RUNS },
    );
    await nothingChanged();
  });

  it("arbitrary path parameters, percent-encoded bytes included: never a 5xx", async () => {
    const segment = fc.oneof(
      fc
        .string({ unit: "binary", maxLength: 160 })
        .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "?"))),
      fc
        .uint8Array({ maxLength: 40 })
        .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
      fc.constantFrom("%", "%zz", "%C0%AF", "%2E%2E", "%00"),
    );
    const path = fc.oneof(
      segment.map((s) => `/Tokens/${KEY}/${PROJECT}/${s}`),
      segment.map((s) => `/Items/${KEY}/${PROJECT}/${s}`),
      segment.map((s) => `/Item/${KEY}/${PROJECT}/${s}`),
      segment.map((s) => `/Awards/${KEY}/${PROJECT}/${s}`),
      fc
        .tuple(segment, segment)
        .map(([chains, isAll]) => `/Prices/${KEY}/${PROJECT}/${chains}/${isAll}?IP=${chains}`),
      segment.map((s) => `/Products/${s}/${PROJECT}`),
      segment.map((s) => `/Wallet/${KEY}/${s}`),
    );
    await fc.assert(
      fc.asyncProperty(path, async (p) => {
        const response = await rawGet(service.base, p);
        expect(response.status, p).toBeLessThan(500);
        if (response.status !== 200) expect(response.json.isError, p).toBe("1");
      }),
      { numRuns: RUNS * 2 },
    );
    await nothingChanged();
  });
});
