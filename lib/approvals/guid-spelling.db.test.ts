import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import { placeAward } from "@/lib/awards/place-award";
import { listAwards } from "@/lib/awards/trail";
import { writeBatch } from "@/lib/bulk/batch-store";
import { createConnection, serviceConnection } from "@/lib/connections/connections";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { parseConsoleEnv } from "@/lib/env";
import { createConsoleTestDatabase, createConsoleTestDatabaseAt } from "@/testing/console-database";
import { readPolicies, setPolicy } from "./policies";
import { LimitError, reserveSpend, usedToday } from "./spend";

/**
 * A GUID has one form in the console, lower case (docs/console.md, "Identifiers"). Probed: a
 * connection whose Project GUID an owner typed in capitals reached the project at the service,
 * which compares GUIDs in any case, but the console's policy and spend lookups compared text, so
 * awards over a threshold went out unapproved and past the sender's daily limit.
 */

const LOWER = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const UPPER = LOWER.toUpperCase();
const GEM = "a1000000-0000-4000-8000-00000000000b";
const GEM_DB = "c1000000-0000-4000-8000-00000000000b";
const SECRET = "s".repeat(43);
const noEnv = parseConsoleEnv({});

let database: ConsoleDatabase;
let owner: ConsoleUser;
let manager: ConsoleUser;
const actor = (user: ConsoleUser) => ({ id: user.id, email: user.email, client: "", userAgent: "test" });

async function people(db: ConsoleDatabase) {
  owner = await createUser(db.db, { email: "olga@studio.test", role: "owner", password: "long enough pw" });
  manager = await createUser(db.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
}

function award(projectGuid: string, amount: string, tokenGuid = GEM) {
  return {
    requestId: randomUUID().toUpperCase(),
    connection: "db:1",
    baseUrl: "http://127.0.0.1:1/api/public",
    projectGuid,
    actorId: manager.id,
    actorEmail: manager.email,
    customerId: `player-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: tokenGuid, ContractGuid: GEM_DB.toUpperCase(), Amount: amount }],
    reason: "Season finale",
  };
}

describe("one spelling for every GUID", () => {
  beforeEach(async () => {
    database = await createConsoleTestDatabase();
    await people(database);
  });
  afterEach(async () => {
    await database.close();
  });

  it("a connection typed in capitals is stored, listed and used lower-cased; so is the environment's", async () => {
    const created = await createConnection(
      database.db,
      [SECRET],
      {
        name: "Capitals",
        baseUrl: "http://127.0.0.1:1/api/public",
        projectGuid: ` ${UPPER} `,
        apiKey: "k".repeat(40),
      },
      owner.id,
    );
    expect(created.projectGuid).toBe(LOWER);
    expect((await serviceConnection(database.db, [SECRET], noEnv, created.ref))?.projectGuid).toBe(LOWER);
    const env = parseConsoleEnv({
      COMMERCE_BASE_URL: "http://127.0.0.1:1/api/public",
      COMMERCE_PROJECT_GUID: UPPER,
      COMMERCE_API_KEY: "k".repeat(40),
    });
    expect(env.COMMERCE_PROJECT_GUID).toBe(LOWER);
    expect(() => parseConsoleEnv({ COMMERCE_PROJECT_GUID: "starfall" })).toThrow(
      /COMMERCE_PROJECT_GUID must be a UUID/,
    );
  });

  it("a policy set under one spelling holds an award placed under another: it waits for approval", async () => {
    await setPolicy(
      database.db,
      { projectGuid: LOWER, project: "Starfall", symbol: "GEM" },
      {
        token: GEM.toUpperCase(),
        approvalThreshold: "500",
        managerDailyLimit: "5000",
        ownerDailyLimit: null,
      },
      actor(owner),
    );
    const policies = await readPolicies(database.db, UPPER);
    expect(policies.get(GEM)?.approvalThreshold).toBe("500");
    const sender = { userId: manager.id, role: "manager" as const, email: manager.email, projectGuid: UPPER };
    const placed = await placeAward(database.db, award(UPPER, "800"), sender, policies, () => "GEM");
    expect(placed.record.status).toBe("awaiting-approval");
    expect(placed.approval?.projectGuid).toBe(LOWER);
    expect(placed.record).toMatchObject({
      projectGuid: LOWER,
      requestId: placed.record.requestId.toLowerCase(),
      lines: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "800" }],
    });
    // And the trail's readers find it under either spelling.
    for (const spelling of [LOWER, UPPER])
      expect((await listAwards(database.db, { projectGuid: spelling }, { offset: 0, limit: 10 })).total).toBe(
        1,
      );
  });

  it("what a person spent under one spelling counts against their daily limit under every other", async () => {
    await setPolicy(
      database.db,
      { projectGuid: UPPER, project: "Starfall", symbol: "GEM" },
      { token: GEM, approvalThreshold: null, managerDailyLimit: "5000", ownerDailyLimit: null },
      actor(owner),
    );
    const lower = { userId: manager.id, role: "manager" as const, email: manager.email, projectGuid: LOWER };
    const upper = { ...lower, projectGuid: UPPER };
    const first = await placeAward(
      database.db,
      award(LOWER, "4800"),
      lower,
      await readPolicies(database.db, LOWER),
      () => "GEM",
    );
    expect(first.record.status).toBe("sending");
    expect((await usedToday(database.db, manager.id, UPPER)).get(GEM)).toBe("4800");
    // 200 GEM left: 800 more is refused whichever way the project is spelt, single or as a batch row.
    await expect(
      placeAward(
        database.db,
        award(UPPER, "800"),
        upper,
        await readPolicies(database.db, UPPER),
        () => "GEM",
      ),
    ).rejects.toBeInstanceOf(LimitError);
    const policies = await readPolicies(database.db, UPPER);
    await expect(
      writeBatch(
        database.db,
        {
          fileName: "finale.csv",
          fileSha256: "f".repeat(64),
          connection: "db:1",
          baseUrl: "http://127.0.0.1:1/api/public",
          projectGuid: UPPER,
          actorId: manager.id,
          actorEmail: manager.email,
          reason: "Season finale",
        },
        [
          {
            line: 2,
            customerId: "player-2042",
            tokenGuid: GEM.toUpperCase(),
            symbol: "GEM",
            contractGuid: GEM_DB,
            chain: "DB",
            amount: "800",
            mode: "allowance",
            wallet: "",
            mintable: false,
          },
        ],
        { alongside: (tx, batch) => reserveSpend(tx, upper, policies, sql`a.batch_id = ${batch.id}`) },
      ),
    ).rejects.toBeInstanceOf(LimitError);
    expect((await usedToday(database.db, manager.id, LOWER)).get(GEM)).toBe("4800");
  });

  it("the tables refuse any other spelling, whoever writes them", async () => {
    const refused = [
      [
        sql`insert into console.award_policies (project_guid, token_guid, changed_by) values (${UPPER}, ${GEM}, 'x')`,
        "award_policies_project_guid_check",
      ],
      [
        sql`insert into console.award_policies (project_guid, token_guid, changed_by) values (${LOWER}, ${GEM.toUpperCase()}, 'x')`,
        "award_policies_token_guid_check",
      ],
      [
        sql`insert into console.connections (name, base_url, project_guid, api_key_ciphertext, api_key_last4)
          values ('x', 'http://x.test', ${UPPER}, '', '')`,
        "connections_project_guid_check",
      ],
      [
        sql`insert into console.awards (request_id, connection, base_url, project_guid, actor_email, customer_id,
            is_allowance, lines, reason, status)
          values (${randomUUID()}, 'env', 'http://x.test', ${LOWER}, 'x', 'p', true,
            ${JSON.stringify([{ Guid: GEM.toUpperCase(), ContractGuid: GEM_DB, Amount: "1" }])}::jsonb, 'r', 'pending')`,
        "awards_lines_guid_check",
      ],
    ] as const;
    for (const [statement, constraint] of refused) {
      const failure = await database.db.execute(statement).then(
        () => "written",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(failure).toContain(`violates check constraint "${constraint}"`);
    }
  });
});

describe("migration 0009 makes the GUIDs that exist canonical", () => {
  it("lower-cases every table's GUIDs, and merges a policy kept under two spellings into the strictest of both", async () => {
    const old = await createConsoleTestDatabaseAt("0008_award_approvals");
    try {
      await people(old);
      const requestId = randomUUID().toUpperCase();
      await old.db.execute(sql`
        insert into console.connections (name, base_url, project_guid, api_key_ciphertext, api_key_last4)
        values ('Capitals', 'http://x.test', ${UPPER}, '', 'last')`);
      await old.db.execute(sql`
        insert into console.award_policies (project_guid, token_guid, approval_threshold, manager_daily_limit, changed_by)
        values (${LOWER}, ${GEM}, '500', null, 'olga'), (${UPPER}, ${GEM.toUpperCase()}, '900', '5000', 'olga')`);
      await old.db.execute(sql`
        insert into console.awards (request_id, connection, base_url, project_guid, actor_id, actor_email, customer_id,
          is_allowance, lines, reason, status)
        values (${requestId}, 'db:1', 'http://x.test', ${UPPER}, ${manager.id}, 'max', 'p', true,
          ${JSON.stringify([{ Guid: GEM.toUpperCase(), ContractGuid: GEM_DB.toUpperCase(), Amount: "4800.5" }])}::jsonb,
          'r', 'completed')`);
      await old.db.execute(sql`
        insert into console.award_spend (award_id, token_guid, user_id, project_guid, amount)
        select id, ${GEM.toUpperCase()}, ${manager.id}, ${UPPER}, 4800.5 from console.awards`);

      await old.migrateRest();

      const one = async (query: ReturnType<typeof sql>) =>
        ((await old.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      expect(await one(sql`select project_guid from console.connections`)).toEqual([{ project_guid: LOWER }]);
      expect(
        await one(sql`select project_guid, token_guid, approval_threshold::text as threshold,
          manager_daily_limit::text as daily from console.award_policies`),
      ).toEqual([{ project_guid: LOWER, token_guid: GEM, threshold: "500", daily: "5000" }]);
      expect(await one(sql`select project_guid, request_id, lines from console.awards`)).toEqual([
        {
          project_guid: LOWER,
          request_id: requestId.toLowerCase(),
          lines: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "4800.5" }],
        },
      ]);
      expect((await usedToday(old.db, manager.id, LOWER)).get(GEM)).toBe("4800.5");
      const policy = (await readPolicies(old.db, UPPER)).get(GEM);
      expect(policy).toMatchObject({ approvalThreshold: "500", managerDailyLimit: "5000" });
    } finally {
      await old.close();
    }
  });
});
