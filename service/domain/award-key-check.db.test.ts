import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AwardTokensRequest } from "@/lib/contract/awards";
import { GEM, GEM_POLYGON, GOLD, GOLD_DB, PROJECT, testFixture } from "@/testing/service/fixtures";
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

// In this order, even when vitest shuffles tests (sequence.shuffle): the second group imports a
// changed catalogue into the project the first one awards on with the original.
describe("the key and catalogue checks of an award", { shuffle: false }, () => {
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

  /**
   * The other way round: a line the cached check's catalogue refuses may be one the current
   * catalogue has. A refusal is the service's word that the request is wrong, so it is never given
   * from a catalogue version older than the database's (seen on PostgreSQL, where the notification
   * that drops the cached check arrives a moment after the import's commit).
   */
  describe("a refusal read from the cached catalogue is confirmed against the current one", () => {
    const MOVED = "C1000000-0000-4000-8000-0000000000EE";
    let stale: AuthorizedProject;
    beforeAll(async () => {
      // The cached check and its catalogue, as a request just before the import saw them.
      stale = (await issuedKey()).checked;
      await expect(awardTokens(database.db, projectId, allowance("before-import"), stale)).resolves.toEqual({
        status: "Completed",
      });
      // The replacement moves GOLD's contract to a new GUID and takes Polygon's EVM address format
      // away (a catalogue may be replaced while the project has no awards made through the API).
      await database.db.execute(sql`delete from service.awards where project_id = ${projectId}`);
      const fixture = testFixture();
      const changed = JSON.parse(JSON.stringify(fixture).replaceAll(GOLD_DB, MOVED));
      changed.chains = fixture.chains.map((chain) =>
        chain.name === "Polygon" ? { ...chain, addressFormat: null } : chain,
      );
      expect((await importFixture(database.db, changed, { reset: false })).mode).toBe("replaced");
    });

    it("a contract only the new catalogue has: the award is decided", async () => {
      const request = {
        ...allowance("moved-contract"),
        Tokens: [{ Guid: GOLD, ContractGuid: MOVED, Amount: "1" }],
      };
      expect(await awardTokens(database.db, projectId, request, stale)).toEqual({ status: "Completed" });
    });

    it("a contract only the old catalogue had: refused, naming the line", async () => {
      const refused = await awardTokens(database.db, projectId, allowance("gone-contract"), stale).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).message).toBe(
        "Tokens[0].ContractGuid is not a contract of token GOLD.",
      );
    });

    it("a wallet only the old chain's address format refused: the award is decided", async () => {
      const request: AwardTokensRequest = {
        ...allowance("wallet-format"),
        IsAllowance: false,
        Wallet: "not-an-evm-address",
        Tokens: [{ Guid: GEM, ContractGuid: GEM_POLYGON, Amount: "1" }],
      };
      expect((await awardTokens(database.db, projectId, request, stale)).status).toMatch(
        /^(Completed|Queued)$/,
      );
    });

    it("a key revoked since the cached check: 401, not the old catalogue's refusal", async () => {
      const { id, checked } = await issuedKey();
      const cached = { ...checked, catalogueVersion: stale.catalogueVersion };
      expect(await revokeApiKey(database.db, projectId, String(id))).toBe(true);
      const request = {
        ...allowance("revoked-stale"),
        Tokens: [{ Guid: GOLD, ContractGuid: MOVED, Amount: "1" }],
      };
      const refused = await awardTokens(database.db, projectId, request, cached).catch(
        (error: unknown) => error,
      );
      expect((refused as ServiceError).status).toBe(401);
    });
  });
});
