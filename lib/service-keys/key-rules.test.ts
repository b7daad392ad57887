import { describe, expect, it } from "vitest";
import { CreateKeyInput } from "./key-input";
import { capsProblems, expiryOfDay, keyFormProblems } from "./key-rules";

const GOLD = "a1000000-0000-4000-8000-000000000001";
const GEM = "a2000000-0000-4000-8000-000000000002";
const TOKENS = [
  { guid: GOLD.toUpperCase(), symbol: "GOLD" },
  { guid: GEM, symbol: "GEM" },
];
const NOW = new Date("2027-03-10T12:00:00Z");

describe("the Create key form's rules", () => {
  it.each([
    ["", "caps[0].daily", "is required: the most the key may award of the token in 24 hours"],
    ["12,5", "caps[0].daily", "must use a point for decimals, not a comma"],
    ["1e3", "caps[0].daily", "must be a number like 1000 or 0.5"],
    ["-5", "caps[0].daily", "must be a number like 1000 or 0.5"],
    ["0", "caps[0].daily", expect.stringMatching(/^must be greater than 0/)],
    ["0.000", "caps[0].daily", expect.stringMatching(/^must be greater than 0/)],
    ["0.1234567890123456789", "caps[0].daily", "must have at most 18 decimal places"],
    ["1".repeat(61), "caps[0].daily", "must have at most 60 digits before the point"],
  ])("a daily amount %j is refused, naming %s: %s", (daily, field, message) => {
    expect(capsProblems([{ token: GOLD, daily }], TOKENS)).toEqual([{ field, message }]);
  });

  it("takes exact amounts as typed, with spaces around them", () => {
    expect(
      capsProblems(
        [
          { token: GOLD, daily: " 1000.5 " },
          { token: GEM, daily: "0.000000000000000001" },
        ],
        TOKENS,
      ),
    ).toEqual([]);
  });

  it("names each token problem by its cap's place: none chosen, not the project's, repeated (in any case)", () => {
    expect(
      capsProblems(
        [
          { token: "", daily: "5" },
          { token: "a9000000-0000-4000-8000-000000000009", daily: "5" },
          { token: GOLD, daily: "5" },
          { token: GOLD.toUpperCase(), daily: "7" },
        ],
        TOKENS,
      ),
    ).toEqual([
      { field: "caps[0].token", message: "must name one of the project's tokens" },
      { field: "caps[1].token", message: "is not one of the project's tokens (any more)" },
      { field: "caps[3].token", message: "repeats the token of cap 3: give each token one cap" },
    ]);
    // Without the catalogue (the server's schema), membership is left to the service.
    expect(capsProblems([{ token: "a9000000-0000-4000-8000-000000000009", daily: "5" }])).toEqual([]);
  });

  it("reads an expiry day as the end of that UTC day, refusing a day that is over or not a day", () => {
    expect(expiryOfDay("", NOW)).toEqual({ ok: true, expiresAt: "" });
    expect(expiryOfDay("2027-03-10", NOW)).toEqual({ ok: true, expiresAt: "2027-03-10T23:59:59Z" });
    expect(expiryOfDay("2027-03-09", NOW)).toEqual({
      ok: false,
      message: "must be today or a later day (UTC)",
    });
    for (const text of ["2027-02-30", "10.03.2027", "2027-3-1"])
      expect(expiryOfDay(text, NOW)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^must be a day/),
      });
  });

  it("lists every problem of the form under its field, in the form's order", () => {
    expect(
      keyFormProblems(
        { name: "  ", scopes: [], expiresOn: "2020-01-01", caps: [{ token: GOLD, daily: "0" }] },
        NOW,
        TOKENS,
      ).map((problem) => problem.field),
    ).toEqual(["name", "scopes", "expiresOn", "caps[0].daily"]);
    expect(keyFormProblems({ name: "x", scopes: ["read", "admin"], expiresOn: "", caps: [] }, NOW)).toEqual([
      { field: "scopes", message: 'must each be one of read, award, fund, keys, reverse: "admin" is not' },
    ]);
  });

  it.each([
    ["a NUL", "game\u0000servers", "must not contain control characters"],
    ["an ESC sequence", "game\u001b[31mservers", "must not contain control characters"],
    ["a tab", "game\tservers", "must not contain control characters"],
    [
      "a lone surrogate",
      "game\ud800servers",
      "must be well-formed Unicode text (it holds a lone surrogate, U+D800)",
    ],
  ])(
    "a name with %s is refused in the service's words (docs/service.md, stored text)",
    (_what, name, message) => {
      expect(keyFormProblems({ name, scopes: ["read"], expiresOn: "", caps: [] }, NOW)).toEqual([
        { field: "name", message },
      ]);
    },
  );

  it("the server action's schema refuses with the same field names and words, and hands the service its body", () => {
    const refused = CreateKeyInput.safeParse({
      name: "",
      scopes: ["read"],
      caps: [
        { token: GOLD, daily: "5" },
        { token: GOLD, daily: "12,5" },
      ],
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "must not be empty: say what uses the key (a game server, a tool)"],
      ["caps.1.token", "repeats the token of cap 1: give each token one cap"],
      ["caps.1.daily", "must use a point for decimals, not a comma"],
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      CreateKeyInput.parse({
        name: " EU servers ",
        scopes: ["read", "award", "read"],
        expiresOn: tomorrow,
        caps: [{ token: GOLD, daily: " 100 " }],
      }),
    ).toEqual({
      name: "EU servers",
      scopes: ["read", "award"],
      expiresAt: `${tomorrow}T23:59:59Z`,
      caps: [{ tokenGuid: GOLD, daily: "100" }],
    });
  });
});
