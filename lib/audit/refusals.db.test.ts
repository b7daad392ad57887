import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { anotherInstance, createConsoleTestDatabase } from "@/testing/console-database";
import { readAuditPage, verifyAuditLog } from "./audit-log";
import { REFUSALS_PER_MINUTE, recordRefusal } from "./refusals";

/**
 * Refused money actions in the audit log (docs/console.md, "Audit log"): one row per attempt,
 * naming who, why and what, until an actor passes the per-minute cap; then one row says so and the
 * rest of that minute's refusals are not written one by one.
 */

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const max = { id: 7, email: "max@studio.test", client: "203.0.113.9", userAgent: "test" };
const ann = { id: 8, email: "ann@studio.test", client: "203.0.113.10", userAgent: "test" };

const refusal = (n: number) => ({
  reason: "limit" as const,
  attempted: `Allowance to player-${n} (6000), RequestID r-${n}`,
  message: "GEM: this would pass your daily limit.",
  project: "Starfall Arena",
  detail: { requestId: `r-${n}` },
});

describe("refused money actions in the audit log", () => {
  it("writes one row per refusal naming the actor, the reason and the attempt", async () => {
    expect(await recordRefusal(database.db, max, refusal(1))).toBe("recorded");
    const { rows } = await readAuditPage(database.db, {}, { limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "award.refused",
      actorId: 7,
      actorEmail: "max@studio.test",
      project: "Starfall Arena",
      summary:
        "Refused (daily limit): Allowance to player-1 (6000), RequestID r-1: GEM: this would pass your daily limit.",
      detail: {
        reason: "limit",
        attempted: "Allowance to player-1 (6000), RequestID r-1",
        message: "GEM: this would pass your daily limit.",
        requestId: "r-1",
      },
    });
  });

  it("caps a flood from one actor at the per-minute limit and one summarising row; others are not held back", async () => {
    const outcomes: string[] = [];
    for (let n = 0; n < REFUSALS_PER_MINUTE + 15; n++)
      outcomes.push(await recordRefusal(database.db, max, refusal(n)));
    expect(outcomes.filter((o) => o === "recorded")).toHaveLength(REFUSALS_PER_MINUTE);
    expect(outcomes.filter((o) => o === "capped")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "dropped")).toHaveLength(14);
    expect(await recordRefusal(database.db, ann, refusal(99))).toBe("recorded");

    const { rows } = await readAuditPage(database.db, { actor: max.email }, { limit: 100 });
    expect(rows.filter((r) => r.kind === "award.refused")).toHaveLength(REFUSALS_PER_MINUTE);
    const capped = rows.filter((r) => r.kind === "award.refusals-capped");
    expect(capped).toHaveLength(1);
    expect(capped[0]?.summary).toBe(
      `More than ${REFUSALS_PER_MINUTE} refused attempts by max@studio.test within a minute: further refusals are not written one by one until fewer than ${REFUSALS_PER_MINUTE} fall within the last minute`,
    );
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: REFUSALS_PER_MINUTE + 2 });
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "holds across console instances refusing the same actor at once",
    async () => {
      const instances = (await Promise.all([anotherInstance(database), anotherInstance(database)])) as [
        ConsoleDatabase,
        ConsoleDatabase,
      ];
      try {
        await Promise.all(
          instances.flatMap((instance, i) =>
            Array.from({ length: REFUSALS_PER_MINUTE }, (_, n) =>
              recordRefusal(instance.db, max, refusal(i * 100 + n)),
            ),
          ),
        );
        const { rows } = await readAuditPage(database.db, { actor: max.email }, { limit: 100 });
        expect(rows.filter((r) => r.kind === "award.refused")).toHaveLength(REFUSALS_PER_MINUTE);
        expect(rows.filter((r) => r.kind === "award.refusals-capped")).toHaveLength(1);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    },
  );
});
