import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { readCsv } from "@/testing/read-csv";
import { auditExport } from "./audit-export";
import { readAuditPage, recordAudit } from "./audit-log";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

const tricky = [
  '=HYPERLINK("http://evil.example","click")',
  "plain, with a comma",
  'a "quoted" word\nand a second line',
  "+1 on the next line",
  "ünïcödé · 名前",
];

describe("audit exports", () => {
  it("JSON Lines round-trips every row exactly; CSV keeps every field and neutralises formulas", async () => {
    const actor = { id: 7, email: "owner@studio.example", client: "203.0.113.1", userAgent: "@evil agent" };
    for (const [index, summary] of tricky.entries())
      await recordAudit(database.db, actor, {
        kind: "settings.changed",
        project: index === 0 ? "-project" : "Starfall",
        summary,
        detail: { index, text: summary },
      });
    const { rows } = await readAuditPage(database.db, {}, { limit: 50 });
    const inOrder = [...rows].reverse();

    const lines = (await read(auditExport(database.db, {}, "jsonl"))).split("\n").filter(Boolean);
    expect(lines.map((line) => JSON.parse(line))).toEqual(
      inOrder.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actorEmail,
        actorId: row.actorId,
        kind: row.kind,
        project: row.project,
        client: row.client,
        userAgent: row.userAgent,
        summary: row.summary,
        detail: row.detail,
        prevHash: row.prevHash,
        hash: row.hash,
      })),
    );

    const [header, ...records] = readCsv(await read(auditExport(database.db, {}, "csv")));
    expect(header).toEqual([
      "id",
      "at",
      "actor",
      "kind",
      "project",
      "client",
      "user_agent",
      "summary",
      "detail",
      "prev_hash",
      "hash",
    ]);
    expect(records).toHaveLength(tricky.length);
    records.forEach((record, index) => {
      const row = inOrder[index];
      // A cell a spreadsheet would run starts with ' and is text; everything else is as written.
      const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
      expect(record).toEqual([
        String(row?.id),
        row?.at.toISOString(),
        row?.actorEmail,
        "settings.changed",
        asText(row?.project ?? ""),
        row?.client,
        asText(row?.userAgent ?? ""),
        asText(row?.summary ?? ""),
        JSON.stringify(row?.detail),
        row?.prevHash,
        row?.hash,
      ]);
    });
    expect(records[0]?.[7]).toBe(`'${tricky[0]}`);
  });

  it("exports only what the filter shows", async () => {
    const actor = { id: 1, email: "a@studio.example", client: "", userAgent: "" };
    await recordAudit(database.db, actor, { kind: "user.created", summary: "one" });
    await recordAudit(database.db, actor, { kind: "wallet.funded", summary: "two" });
    const lines = (await read(auditExport(database.db, { kind: "wallet.funded" }, "jsonl")))
      .split("\n")
      .filter(Boolean);
    expect(lines.map((line) => JSON.parse(line).summary)).toEqual(["two"]);
  });
});
