import { describe, expect, it } from "vitest";
import { PolicyInput } from "./policy-input";

const TOKEN = "0e0c9f1e-7d2a-4b6c-9f00-1a2b3c4d5e6f";
const AMOUNTS = ["approvalThreshold", "managerDailyLimit", "ownerDailyLimit"] as const;

const policy = (amounts: Partial<Record<(typeof AMOUNTS)[number], string>> = {}, token = TOKEN) => ({
  token,
  approvalThreshold: "",
  managerDailyLimit: "",
  ownerDailyLimit: "",
  ...amounts,
});

/** Each field's messages, as the action's fieldErrors would name them. */
function problems(input: unknown): Record<string, string[]> {
  const parsed = PolicyInput.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

describe("PolicyInput", () => {
  it("maps an empty amount to no rule (null) in every field", () => {
    expect(PolicyInput.parse(policy())).toEqual({
      token: TOKEN,
      approvalThreshold: null,
      managerDailyLimit: null,
      ownerDailyLimit: null,
    });
  });

  it.each(AMOUNTS)("treats spaces alone in %s as empty: no rule", (field) => {
    expect(PolicyInput.parse(policy({ [field]: "   " }))[field]).toBeNull();
  });

  it.each([
    ["0", "0"],
    ["1000", "1000"],
    ["0.000000000000000001", "0.000000000000000001"],
    [" 1000 ", "1000"],
    ["\t2.5\n", "2.5"],
    // Exactly the limits: 60 digits before the point, 18 after.
    ["9".repeat(60), "9".repeat(60)],
    [`1.${"0".repeat(17)}1`, `1.${"0".repeat(17)}1`],
  ])("accepts %j as the exact text %j, never a number", (typed, kept) => {
    for (const field of AMOUNTS) {
      const parsed = PolicyInput.parse(policy({ [field]: typed }));
      expect(parsed[field]).toBe(kept);
      expect(typeof parsed[field]).toBe("string");
    }
  });

  it.each([
    ["-1", "must be empty (no rule) or a number like 1000 or 0.5"],
    ["-0.5", "must be empty (no rule) or a number like 1000 or 0.5"],
    ["1,5", "must use a point for decimals, not a comma"],
    ["1e3", "must be empty (no rule) or a number like 1000 or 0.5"],
    ["abc", "must be empty (no rule) or a number like 1000 or 0.5"],
    [".5", "must be empty (no rule) or a number like 1000 or 0.5"],
    ["1.", "must be empty (no rule) or a number like 1000 or 0.5"],
    [`0.${"0".repeat(18)}1`, "must have at most 18 decimal places"],
    ["1".repeat(61), "must have at most 60 digits before the point"],
  ])("refuses %j: %s", (typed, message) => {
    for (const field of AMOUNTS) {
      expect(problems(policy({ [field]: typed }))).toEqual({ [field]: [message] });
    }
  });

  it("names every refused field, and only those", () => {
    expect(
      problems(policy({ approvalThreshold: "1,5", ownerDailyLimit: "-3", managerDailyLimit: "10" })),
    ).toEqual({
      approvalThreshold: ["must use a point for decimals, not a comma"],
      ownerDailyLimit: ["must be empty (no rule) or a number like 1000 or 0.5"],
    });
  });

  it("takes trailing zeros as they are (the server stores the canonical form)", () => {
    expect(PolicyInput.parse(policy({ approvalThreshold: "1000.500" })).approvalThreshold).toBe("1000.500");
  });

  it.each([TOKEN.toUpperCase(), TOKEN])("accepts the token %s in either case", (token) => {
    // Handed on canonical, lower-cased (docs/console.md, "Identifiers").
    expect(PolicyInput.parse(policy({}, token)).token).toBe(TOKEN.toLowerCase());
  });

  it.each([["GOLD"], [""], [TOKEN.replaceAll("-", "")], [`${TOKEN}0`]])(
    "refuses the token %j: it must be a uuid",
    (token) => {
      expect(problems(policy({}, token))).toEqual({
        token: ["must be a UUID (32 hexadecimal digits as 8-4-4-4-12)"],
      });
    },
  );

  it("refuses a missing token and an amount that is not text", () => {
    const { token: _token, ...withoutToken } = policy();
    expect(problems(withoutToken)).toEqual({ token: ["is required"] });
    expect(problems({ ...policy(), approvalThreshold: 1000 })).toEqual({
      approvalThreshold: ["must be text"],
    });
  });
});
