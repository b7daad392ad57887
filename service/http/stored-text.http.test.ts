import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { post } from "@/testing/service/http-client";
import { createApiKey } from "../domain/keys";

// docs/service.md, "Identifiers and parameters": every text the service stores is well-formed
// Unicode without control characters, as a CustomerID is; anything else is 400 naming the field.
const service = serveFixtures({ per: "file" });

let request = 0;
const nextRequestId = () => `0e000000-0000-4000-8000-${String(++request).padStart(12, "0")}`;

/** What each stored text field must refuse: JSON.stringify writes each as its `\u` escape. */
const BAD_TEXT = [
  ["a NUL", "in\u0000side", /must not contain control characters/],
  ["an ESC sequence", "in\u001b[31mside", /must not contain control characters/],
  ["a newline", "in\nside", /must not contain control characters/],
  ["a C1 control (U+0085)", "in\u0085side", /must not contain control characters/],
  ["a lone surrogate", "in\ud800side", /must be well-formed Unicode text/],
] as const;

async function count(table: "awards" | "api_keys"): Promise<number> {
  const result = (await service.db.execute(
    sql`select count(*)::int as n from ${sql.identifier("service")}.${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** A stored text field of a write, and the body that puts `text` into it. */
const FIELDS = [
  {
    field: "Wallet",
    path: "/AwardTokens",
    table: "awards" as const,
    body: (text: string) => ({
      RequestID: nextRequestId(),
      IsAllowance: false,
      CustomerID: "stored-text",
      Wallet: text,
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
    }),
  },
  {
    field: "Name",
    path: "/Keys",
    table: "api_keys" as const,
    body: (text: string) => ({ Name: text, Scopes: ["read"] }),
  },
];

const send = (path: string, body: Record<string, unknown>, key = KEY) =>
  post(service.base, path, JSON.stringify({ ApiKey: key, ProjectGuid: PROJECT, ...body }));

describe("rule 3: stored text is well-formed and holds no control characters", () => {
  it.each(FIELDS)(
    "rule 3: $path refuses a NUL, an ESC sequence, a newline, a C1 control and a lone surrogate in $field with 400 naming it, storing nothing, after the key scope check",
    async ({ field, path, table, body }) => {
      const before = await count(table);
      for (const [what, text, rule] of BAD_TEXT) {
        const answer = await send(path, body(text));
        expect(answer.status, what).toBe(400);
        expect(answer.json.ErrorCode, what).toBe("INVALID_REQUEST");
        expect(answer.json.Error, what).toMatch(new RegExp(`^${field} ${rule.source}`));
      }
      expect(await count(table)).toBe(before);
      // The check order (docs/service.md, "Envelope and errors"): a key without the route's scope is 403 before its fields are read.
      const reader = (await createApiKey(service.db, service.projectId, { scopes: ["read"] })).key;
      expect((await send(path, body("in\u0000side"), reader)).json.ErrorCode).toBe("KEY_NOT_ALLOWED");
      // The same field without them is stored: the rule refuses only what it says.
      expect((await send(path, body("in side ü 😀"))).status).toBe(200);
    },
  );
});
