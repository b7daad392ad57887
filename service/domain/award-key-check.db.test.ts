import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AwardTokensRequest } from "@/lib/contract/awards";
import { GOLD, GOLD_DB, PROJECT, testFixture } from "@/testing/service/fixtures";
import { createTestDatabase, expectLedgerBalanced } from "@/testing/service/harness";
import type { ServiceDatabase } from "../db/connection";
import { awardTokens } from "./awards";
import { importFixture } from "./import";
import { type AuthorizedProject, authorizeHash, createApiKey, hashApiKey, revokeApiKey } from "./keys";
import { ServiceError } from "./service-error";

/**
 * An award is decided on the key check the request passed, which may be the cached one
 * (docs/service.md, "Caches"); the batch deciding it checks the key and the catalogue version
 * again in its own transaction (migration 0008). So a key revoked after the cached check, on any
 * instance, is refused before the award is decided, and lines resolved against a catalogue
 * version that has moved since are resolved again.
 */

let database: ServiceDatabase;
let projectId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  projectId = (await importFixture(database.db, testFixture(), { reset: false })).projectId;
});
afterAll(async () => {
  await expectLedgerBalanced(database.db);
  await database.close();
});

const allowance = (customer: string): AwardTokensRequest => ({
  RequestID: randomUUID(),
  ProjectGuid: PROJECT,
  IsAllowance: true,
  IsMintable: false,
  CustomerID: customer,
  Wallet: "",
  Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }],
});

async function issuedKey(): Promise<{ id: number; checked: AuthorizedProject }> {
  const issued = await createApiKey(database.db, projectId, "award-key-check");
  const checked = await authorizeHash(database.db, hashApiKey(issued.key), PROJECT);
  if (!checked) throw new Error("A key just issued was refused.");
  return { id: issued.id, checked };
}

describe("an award checks its key in its own transaction (migration 0008)", () => {
  it("a live key's award is decided", async () => {
    const { checked } = await issuedKey();
    expect(await awardTokens(database.db, projectId, allowance("key-live"), checked)).toEqual({
      status: "Completed",
    });
  });

  it("a key revoked after the (cached) check: 401, and nothing is decided", async () => {
    const { id, checked } = await issuedKey();
    expect(await revokeApiKey(database.db, projectId, String(id))).toBe(true);
    const request = allowance("key-revoked");
    const refused = await awardTokens(database.db, projectId, request, checked).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).status).toBe(401);
    // The same RequestID is still free: the refused award claimed nothing.
    expect(await awardTokens(database.db, projectId, request)).toEqual({ status: "Completed" });
  });

  it("a catalogue version that moved after the check: the lines are resolved again and the award decided", async () => {
    const { checked } = await issuedKey();
    const stale = { ...checked, catalogueVersion: checked.catalogueVersion - 1 };
    expect(await awardTokens(database.db, projectId, allowance("key-stale-catalogue"), stale)).toEqual({
      status: "Completed",
    });
  });
});
