import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readPolicies, setPolicy } from "@/lib/approvals/policies";
import { usedToday } from "@/lib/approvals/spend";
import { readAuditPage } from "@/lib/audit/audit-log";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import { approveRequest, rejectRequest } from "@/lib/awards/approval-decisions";
import { placeAward } from "@/lib/awards/place-award";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { awards } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PLAYER, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { findBatch } from "./batch-store";
import { retryFailedRows } from "./retry-rows";
import { sendBatchRows } from "./sender";

/**
 * The server's side of a bulk upload, as the actions call it, against the real service: the
 * chosen project and the console database are this test's, the sender is not started.
 */
const state = vi.hoisted(() => ({
  db: null as unknown,
  connection: null as ServiceConnection | null,
}));
vi.mock("@/lib/db/console-db", () => ({ consoleDb: async () => state.db }));
vi.mock("@/lib/project/current-project", () => {
  const projectContext = async () => ({
    available: [],
    chosen: state.connection
      ? {
          ref: "env",
          name: "Test",
          baseUrl: state.connection.baseUrl,
          projectGuid: PROJECT,
          keyHint: "cdef",
          readOnly: true,
        }
      : null,
    connection: state.connection,
  });
  return {
    projectContext,
    requireProject: async () => {
      const { chosen, connection } = await projectContext();
      if (!chosen || !connection) throw new Error("No project is chosen");
      return { chosen, connection };
    },
  };
});
vi.mock("./running", () => ({ startSending: () => undefined }));

const { checkBulkFile, sendBulkFile } = await import("./bulk-award");
const bulkActor = { id: null, email: "max@studio.test", client: "203.0.113.7", userAgent: "test" };
const newPlayersConfirmed = { confirmRepeats: false, confirmRecent: false, confirmNewPlayers: true };

const service = serveFixtures({ per: "file" });
let database: ConsoleDatabase;
let user: ConsoleUser;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  state.db = database.db;
  state.connection = {
    baseUrl: service.base,
    projectGuid: PROJECT,
    apiKey: KEY,
    addresses: LOOPBACK_SERVICES,
  };
  user = await createUser(database.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
});
afterEach(async () => {
  await database.close();
});

const encode = (text: string) => new TextEncoder().encode(text);
const confirmations = { confirmRepeats: false, confirmRecent: false, confirmNewPlayers: false };

describe("a bulk file on the server", () => {
  it("the dry run counts new players, lists them as warnings, and trims Customer IDs", async () => {
    const fresh = `bulk-new-${Date.now().toString(36)}`;
    const report = await checkBulkFile(
      user,
      "prizes.csv",
      encode(`customer_id,token,amount,mode\n" ${PLAYER} ",GOLD,1,allowance\n${fresh},GOLD,1,allowance\n`),
    );
    expect(report.summary).toMatchObject({ rows: 2, players: 2, errors: 0 });
    expect(report.newPlayers).toEqual({ players: [fresh], unchecked: null });
    expect(report.warnings).toEqual([
      expect.objectContaining({ line: 3, problems: ["customer_id: new player: no tokens or items yet"] }),
    ]);
    expect(report.funds).toEqual({ kind: "checked", directRows: 0, waitingRows: 0, contracts: [] });
  });

  it("a service that cannot be asked is said so: players unchecked, funds not checked", async () => {
    // Answers the project's tokens (the file is checked against them) and 503 to everything else.
    const half = createServer(async (request, response) => {
      if (request.url?.startsWith("/api/public/Tokens/")) {
        const answer = await fetch(`${service.base}${request.url.slice("/api/public".length)}`);
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(await answer.text());
        return;
      }
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ isError: "1", Error: "Down for maintenance." }));
    });
    await new Promise<void>((resolve) => half.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = half.address() as AddressInfo;
      state.connection = {
        baseUrl: `http://127.0.0.1:${port}/api/public`,
        projectGuid: PROJECT,
        apiKey: KEY,
        addresses: LOOPBACK_SERVICES,
      };
      const report = await checkBulkFile(
        user,
        "away.csv",
        encode("customer_id,token,amount,mode\nsomeone,GOLD,1,allowance\n"),
      );
      expect(report.newPlayers.players).toEqual([]);
      expect(report.newPlayers.unchecked).toEqual({
        players: 1,
        message: expect.stringContaining("Down for maintenance."),
      });
      expect(report.funds).toEqual({
        kind: "failed",
        message: expect.stringContaining("Down for maintenance."),
      });
      expect(report.warnings).toEqual([
        expect.objectContaining({
          line: 2,
          problems: ["customer_id: not checked for being new: the service could not be asked"],
        }),
      ]);
      // Sending to players that may be new needs the same confirmation.
      await expect(
        sendBulkFile(
          user,
          {
            fileName: "away.csv",
            bytes: encode("customer_id,token,amount,mode\nsomeone,GOLD,1,allowance\n"),
            reason: "Service away",
            ...confirmations,
          },
          bulkActor,
        ),
      ).rejects.toThrow(
        /^Whether the players are new could not be checked \(.*Down for maintenance\..*\): confirm/,
      );
    } finally {
      await new Promise((resolve) => half.close(resolve));
    }
  });

  it("refuses to send to a new player unless that is confirmed: the server asks the service again", async () => {
    const fresh = `bulk-new-${Date.now().toString(36)}`;
    const input = {
      fileName: "prizes.csv",
      bytes: encode(`customer_id,token,amount,mode\n${PLAYER},GOLD,1,allowance\n${fresh},GOLD,1,allowance\n`),
      reason: "Spring tournament",
    };
    await expect(sendBulkFile(user, { ...input, ...confirmations }, bulkActor)).rejects.toThrow(
      "1 player is new (no tokens or items yet): confirm that they are meant to. Nothing was sent.",
    );
    expect(await database.db.select().from(awards)).toEqual([]);

    const sent = await sendBulkFile(user, { ...input, ...confirmations, confirmNewPlayers: true }, bulkActor);
    expect(sent.created).toBe(true);
    const rows = await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect(rows.map((row) => row.customerId).sort()).toEqual([PLAYER, fresh].sort());
  });

  it("sends a file of known players without the confirmation, the Customer IDs trimmed", async () => {
    const sent = await sendBulkFile(
      user,
      {
        fileName: "known.csv",
        bytes: encode(`customer_id,token,amount,mode\n"  ${PLAYER} ",GOLD,1,allowance\n`),
        reason: "Known player",
        ...confirmations,
      },
      bulkActor,
    );
    const [row] = await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect(row?.customerId).toBe(PLAYER);
  });
});

describe("a bulk file under the award policy", () => {
  const gold = GOLD.toLowerCase();
  const file = (rows: number, amount: string) => {
    const prefix = `policy-${Date.now().toString(36)}-${rows}`;
    const lines = ["customer_id,token,amount,mode"];
    for (let i = 1; i <= rows; i += 1) lines.push(`${prefix}-${i},GOLD,${amount},allowance`);
    return encode(`${lines.join("\n")}\n`);
  };
  const goldOf = async (customerId: string) =>
    (await getCustomerTokens(state.connection as ServiceConnection, customerId)).Data.Tokens.find(
      (token) => token.Guid.toLowerCase() === gold,
    )?.Total ?? "0";
  const olgaActor = { id: null, email: "olga@studio.test", client: "", userAgent: "test" };
  beforeEach(async () => {
    await setPolicy(
      database.db,
      { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
      { token: GOLD, approvalThreshold: "20", managerDailyLimit: "100", ownerDailyLimit: null },
      olgaActor,
    );
  });

  it("the dry run shows each token's total against the threshold and what remains of the limit", async () => {
    const report = await checkBulkFile(user, "policy.csv", file(5, "5"));
    expect(report.policy).toEqual([
      {
        tokenGuid: gold,
        symbol: "GOLD",
        amount: "25",
        threshold: "20",
        needsApproval: true,
        limit: "100",
        used: "0",
        remaining: "100",
        overLimit: false,
      },
    ]);
  });

  it("a file over the limit is refused whole: nothing written", async () => {
    await expect(
      sendBulkFile(
        user,
        {
          fileName: "big.csv",
          bytes: file(3, "40"),
          reason: "Too much",
          ...newPlayersConfirmed,
        },
        bulkActor,
      ),
    ).rejects.toThrow(
      "Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 0 is used, 100 remains, and this needs 120. Nothing was sent.",
    );
    expect(await database.db.select().from(awards)).toEqual([]);
    // The refusal is in the audit log, once, naming who, why and the file.
    const refused = (await readAuditPage(database.db, { kind: "award.refused" }, { limit: 10 })).rows;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      actorEmail: "max@studio.test",
      project: "Test",
      summary:
        "Refused (daily limit): Bulk file big.csv: Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 0 is used, 100 remains, and this needs 120. Nothing was sent.",
      detail: { reason: "limit", fileName: "big.csv" },
    });
  });

  it("a batch over the threshold waits whole; once approved it is sent exactly once, even by two senders", async () => {
    const sent = await sendBulkFile(
      user,
      {
        fileName: "wait.csv",
        bytes: file(6, "5"),
        reason: "Finals",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    expect(sent.approvalId).toEqual(expect.any(Number));
    const rows = () => database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect((await rows()).map((row) => row.status)).toEqual(Array(6).fill("awaiting-approval"));
    // A sender started now (a restart, the job loop) finds nothing to send.
    await sendBatchRows(database.db, state.connection as ServiceConnection, sent.batchId, {
      actorEmail: "x",
    });
    expect((await rows()).map((row) => row.status)).toEqual(Array(6).fill("awaiting-approval"));
    expect((await findBatch(database.db, sent.batchId))?.status).toBe("awaiting-approval");

    const ann = await createUser(database.db, {
      email: "ann@studio.test",
      role: "manager",
      password: "long enough pw",
    });
    await expect(
      approveRequest(
        database.db,
        sent.approvalId as number,
        user,
        { ...olgaActor, email: user.email },
        "Test",
      ),
    ).rejects.toThrow("You asked for this yourself");
    await approveRequest(
      database.db,
      sent.approvalId as number,
      ann,
      { ...olgaActor, email: ann.email },
      "Test",
    );
    expect((await findBatch(database.db, sent.batchId))?.status).toBe("sending");
    await Promise.all([
      sendBatchRows(database.db, state.connection as ServiceConnection, sent.batchId, {
        actorEmail: ann.email,
      }),
      sendBatchRows(database.db, state.connection as ServiceConnection, sent.batchId, {
        actorEmail: ann.email,
      }),
    ]);
    const after = await rows();
    expect(after.map((row) => [row.status, row.attempts])).toEqual(Array(6).fill(["completed", 1]));
    expect(await Promise.all(after.map((row) => goldOf(row.customerId)))).toEqual(Array(6).fill("5"));
    expect((await findBatch(database.db, sent.batchId))?.status).toBe("done");
    // Counted against the requester's limit.
    expect((await usedToday(database.db, user.id, PROJECT)).get(gold)).toBe("30");
  });

  it("a rejected batch sends nothing, and its rows say so", async () => {
    const sent = await sendBulkFile(
      user,
      {
        fileName: "no.csv",
        bytes: file(3, "10"),
        reason: "Finals",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    const ann = await createUser(database.db, {
      email: "ann@studio.test",
      role: "manager",
      password: "long enough pw",
    });
    await rejectRequest(
      database.db,
      sent.approvalId as number,
      ann,
      "Wrong season",
      { ...olgaActor, email: ann.email },
      "Test",
    );
    await sendBatchRows(database.db, state.connection as ServiceConnection, sent.batchId, {
      actorEmail: "x",
    });
    const rows = await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(3).fill(["rejected", 0]));
    expect(await Promise.all(rows.map((row) => goldOf(row.customerId)))).toEqual(Array(3).fill("0"));
    expect((await findBatch(database.db, sent.batchId))?.status).toBe("rejected");
  });

  /** The limit alone: no threshold holds these files for approval. */
  const limitOnly = () =>
    setPolicy(
      database.db,
      { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
      { token: GOLD, approvalThreshold: null, managerDailyLimit: "100", ownerDailyLimit: null },
      olgaActor,
    );

  it("a bulk file and a single award at the same moment cannot together pass the limit", async () => {
    await limitOnly();
    const single = placeAward(
      database.db,
      {
        requestId: randomUUID(),
        connection: "env",
        baseUrl: service.base,
        projectGuid: PROJECT,
        actorId: user.id,
        actorEmail: user.email,
        customerId: `policy-single-${Date.now().toString(36)}`,
        isAllowance: true,
        isMintable: false,
        wallet: "",
        lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "60" }],
        reason: "Single",
      },
      { userId: user.id, role: "manager", email: user.email, projectGuid: PROJECT },
      await readPolicies(database.db, PROJECT),
      () => "GOLD",
    );
    // 3 × 20 = 60: within the threshold per row, 60 in all; with the single award's 60, over 100.
    const bulk = sendBulkFile(
      user,
      {
        fileName: "race.csv",
        bytes: file(3, "20"),
        reason: "Race",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    const outcomes = await Promise.allSettled([single, bulk]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await usedToday(database.db, user.id, PROJECT)).get(gold)).toBe("60");
  });

  it("Retry failed rows counts the failed rows again, once, or is refused whole over the limit", async () => {
    await limitOnly();
    const sent = await sendBulkFile(
      user,
      {
        fileName: "retry.csv",
        bytes: file(2, "20"),
        reason: "Retry",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    const batch = (await findBatch(database.db, sent.batchId)) as NonNullable<
      Awaited<ReturnType<typeof findBatch>>
    >;
    expect((await usedToday(database.db, user.id, PROJECT)).get(gold)).toBe("40");
    // The service refused both rows: they paid nothing and stop counting (the trigger).
    await database.db.update(awards).set({ status: "failed" }).where(eq(awards.batchId, sent.batchId));
    expect((await usedToday(database.db, user.id, PROJECT)).get(gold)).toBeUndefined();
    // Meanwhile 70 more were awarded: 40 again would pass 100, so the retry is refused whole.
    await sendBulkFile(
      user,
      {
        fileName: "more.csv",
        bytes: file(1, "70"),
        reason: "More",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    await expect(retryFailedRows(database.db, batch, user, bulkActor, "Test")).rejects.toThrow(
      "Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 70 is used, 30 remains, and this needs 40. Nothing was sent.",
    );
    // The refused retry is in the audit log, once.
    const refused = (await readAuditPage(database.db, { kind: "award.refused" }, { limit: 10 })).rows;
    expect(
      refused.map((row) => [row.actorEmail, row.summary, row.detail.reason, row.detail.batchId]),
    ).toEqual([
      [
        "max@studio.test",
        `Refused (daily limit): Retry of the failed rows of batch ${batch.id} (retry.csv): Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 70 is used, 30 remains, and this needs 40. Nothing was sent.`,
        "limit",
        batch.id,
      ],
    ]);
    expect(
      (await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId))).map(
        (row) => row.status,
      ),
    ).toEqual(["failed", "failed"]);
    // With room again, the rows go back to waiting and count once, however often it is asked.
    await database.db.execute(sql`update console.award_spend set at = now() - interval '25 hours'`);
    expect(await retryFailedRows(database.db, batch, user, bulkActor, "Test")).toBe(2);
    expect(await retryFailedRows(database.db, batch, user, bulkActor, "Test")).toBe(0);
    expect((await usedToday(database.db, user.id, PROJECT)).get(gold)).toBe("40");
  });
});

describe("a batch in flight when its connection's key changes", () => {
  it("goes on with the new key (replaced, or rolled and the old one revoked): every row paid exactly once", async () => {
    const { createApiKey, revokeApiKey } = await import("@/service/domain/keys");
    const first = await createApiKey(service.db, service.projectId, "console");
    const second = await createApiKey(service.db, service.projectId, "console, replaced");
    let current: ServiceConnection = { ...(state.connection as ServiceConnection), apiKey: first.key };
    state.connection = current;
    const prefix = `rekey-${Date.now().toString(36)}`;
    const lines = ["customer_id,token,amount,mode"];
    for (let i = 1; i <= 60; i += 1) lines.push(`${prefix}-${i},GOLD,1,allowance`);
    const sent = await sendBulkFile(
      user,
      {
        fileName: "rekey.csv",
        bytes: encode(`${lines.join("\n")}\n`),
        reason: "Key rotation under load",
        ...newPlayersConfirmed,
      },
      bulkActor,
    );
    let done = 0;
    let revoking: Promise<boolean> | null = null;
    await sendBatchRows(database.db, async () => current, sent.batchId, {
      actorEmail: "max@studio.test",
      onRow: () => {
        done += 1;
        // A third of the way in, the stored key is replaced and the old one revoked at once:
        // rows in flight with it are refused (401, nothing decided) and sent again with the new one.
        if (done === 20) {
          current = { ...current, apiKey: second.key };
          revoking = revokeApiKey(service.db, service.projectId, String(first.id));
        }
      },
    });
    expect(await revoking).toBe(true);
    const rows = await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect(rows.map((row) => row.status)).toEqual(Array(60).fill("completed"));
    const paid = (await service.db.execute(
      sql`select count(*)::int as n, count(distinct request_id)::int as distinct_ids, sum(l.amount)::text as total
            from service.awards a join service.award_lines l on l.award_id = a.id
           where a.customer_text like ${`${prefix}-%`}`,
    )) as unknown as { rows: { n: number; distinct_ids: number; total: string }[] };
    expect(paid.rows[0]).toMatchObject({ n: 60, distinct_ids: 60 });
    expect(Number(paid.rows[0]?.total)).toBe(60);
    expect((await findBatch(database.db, sent.batchId))?.status).toBe("done");
  });
});
