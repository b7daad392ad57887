import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readPolicies, setPolicy } from "@/lib/approvals/policies";
import { readAuditPage } from "@/lib/audit/audit-log";
import { startSession } from "@/lib/auth/sessions";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import { placeAward } from "@/lib/awards/place-award";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { GOLD, GOLD_DB, PROJECT } from "@/testing/service/fixtures";

/**
 * The guard's refusals of money actions in the audit log (docs/console.md, "Audit log"): the real
 * server actions, their guard and the database; only what Next.js hands a request (the session
 * cookie Auth.js signed at sign-in, the request's headers) is given here, as a request would carry it.
 */

const state = vi.hoisted(() => {
  // The console's environment as a deployment sets it; test values only.
  process.env.AUTH_SECRET ??= "test-auth-secret-that-is-long-enough-0123456789";
  process.env.CONSOLE_ENCRYPTION_KEY ??= "test-encryption-key-that-is-long-enough-0123456789";
  return { db: null as unknown, cookie: null as string | null };
});
vi.mock("@/lib/db/console-db", () => ({ consoleDb: async () => state.db }));
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-proto": "http",
      "user-agent": "test-browser",
    }),
  cookies: async () => ({
    getAll: () => (state.cookie ? [{ name: "authjs.session-token", value: state.cookie }] : []),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { approveRequestAction } = await import("./approvals/approve-request");
const { sendAwardAction } = await import("./awards/send-award");

let database: ConsoleDatabase;
let max: ConsoleUser;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  state.db = database.db;
  max = await createUser(database.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
});
afterEach(async () => {
  state.cookie = null;
  await database.close();
});

/** Signs `user` in, their second factor given `minutesAgo` minutes ago. */
async function signIn(user: ConsoleUser, minutesAgo: number) {
  const sessionId = await startSession(database.db, user.id, {
    client: "203.0.113.5",
    userAgent: "t",
    secondFactor: true,
  });
  await database.db.execute(
    sql`update console.sessions set second_factor_at = now() - make_interval(mins => ${minutesAgo}) where id = ${sessionId}`,
  );
  // The cookie Auth.js writes at sign-in (lib/auth/auth.ts's jwt callback), on plain http.
  state.cookie = await encode({
    token: { sub: String(user.id), sid: sessionId },
    secret: process.env.AUTH_SECRET ?? "",
    salt: "authjs.session-token",
  });
}

const refusedRows = async () =>
  (await readAuditPage(database.db, { kind: "award.refused" }, { limit: 50 })).rows;

describe("the guard's refusals of money actions", () => {
  it("a refused step-up leaves exactly one award.refused row naming the approver, the reason and the request", async () => {
    await setPolicy(
      database.db,
      { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
      { token: GOLD, approvalThreshold: "10", managerDailyLimit: null, ownerDailyLimit: null },
      { id: null, email: "olga@studio.test", client: "", userAgent: "test" },
    );
    const customerId = `step-up-${randomUUID().slice(0, 8)}`;
    const { approval } = await placeAward(
      database.db,
      {
        requestId: randomUUID(),
        connection: "env",
        baseUrl: "http://127.0.0.1:1",
        projectGuid: PROJECT,
        actorId: max.id,
        actorEmail: max.email,
        customerId,
        isAllowance: true,
        isMintable: false,
        wallet: "",
        lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "50" }],
        reason: "Finals",
      },
      { userId: max.id, role: "manager", email: max.email, projectGuid: PROJECT },
      await readPolicies(database.db, PROJECT),
      () => "GOLD",
    );
    const ann = await createUser(database.db, {
      email: "ann@studio.test",
      role: "manager",
      password: "long enough pw",
    });
    await database.db.execute(sql`update console.users set totp_enrolled_at = now() where id = ${ann.id}`);
    await signIn(ann, 11);

    const answer = await approveRequestAction({ approvalId: approval?.id as number });
    expect(answer).toMatchObject({ ok: false, stepUp: true });
    const rows = await refusedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ann.id,
      actorEmail: ann.email,
      client: "203.0.113.5",
      userAgent: "test-browser",
      detail: { reason: "step-up", approval: approval?.id, requester: max.email },
    });
    expect(rows[0]?.summary).toBe(
      `Refused (second factor not given again): Approval request ${approval?.id} (Award to ${customerId}: 50 GOLD): Confirm it is you: enter a code from your authenticator app, then try again.`,
    );
  });

  it("a role that may not send awards leaves one award.refused row naming the award it asked for", async () => {
    const support = await createUser(database.db, {
      email: "sam@studio.test",
      role: "support",
      password: "long enough pw",
    });
    await signIn(support, 0);
    const requestId = randomUUID();
    const answer = await sendAwardAction({
      requestId,
      customerId: "player-1002",
      mode: "allowance",
      mintable: false,
      lines: [{ token: GOLD, contract: GOLD_DB, amount: "5" }],
      reason: "Not mine to give",
    } as Parameters<typeof sendAwardAction>[0]);
    expect(answer).toMatchObject({ ok: false, error: "Your role does not allow this." });
    const rows = await refusedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: support.email,
      summary: `Refused (role may not): Allowance to player-1002 (5), RequestID ${requestId}: Your role does not allow this.`,
      detail: { reason: "role", requestId, customerId: "player-1002" },
    });
  });
});
