import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { importFixture } from "@/service/domain/import";
import type { WebhookSettings } from "@/service/webhooks/sender";
import { testFixture } from "./fixtures";
import { expectLedgerBalanced, startTestService, type TestService } from "./harness";

export interface FixtureService extends TestService {
  /** The internal id of the first fixture's project. */
  readonly projectId: number;
}

/**
 * Registers the hooks of an HTTP test file: a real service over a fresh database loaded with
 * the fixtures (the test fixture by default), started once per test or once per file, and the
 * ledger invariant (docs/service.md, "The ledger") checked after every test. The returned handle always points at
 * the current service.
 */
export function serveFixtures(options: {
  per: "test" | "file";
  fixtures?: () => unknown[];
  rateLimit?: number;
  /** The webhook sender (default: off). */
  webhooks?: WebhookSettings;
}): FixtureService {
  let current: { service: TestService; projectId: number } | undefined;
  const need = () => {
    if (!current) throw new Error("The test service is not running (used outside a test?).");
    return current;
  };
  const start = async () => {
    const service = await startTestService({ rateLimit: options.rateLimit ?? 0, webhooks: options.webhooks });
    const fixtures = options.fixtures?.() ?? [testFixture()];
    let projectId = 0;
    for (const [index, fixture] of fixtures.entries()) {
      const result = await importFixture(service.db, fixture, { reset: false });
      if (index === 0) projectId = result.projectId;
    }
    current = { service, projectId };
  };
  const stop = async () => {
    await current?.service.stop();
    current = undefined;
  };
  const check = () => expectLedgerBalanced(need().service.db);
  if (options.per === "test") {
    beforeEach(start);
    afterEach(async () => {
      try {
        await check();
      } finally {
        await stop();
      }
    });
  } else {
    beforeAll(start);
    afterEach(check);
    afterAll(stop);
  }
  return {
    get base() {
      return need().service.base;
    },
    get app() {
      return need().service.app;
    },
    get db() {
      return need().service.db;
    },
    get database() {
      return need().service.database;
    },
    get logs() {
      return need().service.logs;
    },
    get projectId() {
      return need().projectId;
    },
    stop,
  };
}
