import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uuid, wallet } from "./fields";
import { uuid as miniUuid, wallet as miniWallet } from "./fields-mini";

const verdict = (
  schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? "ok" : result.error?.issues.map((issue) => issue.message).join("; ");
};

const inputs = fc.oneof(
  fc.constantFrom(
    "1b0e7a10-0001-4a11-8b21-0000000000a1",
    "1B0E7A10-0001-4A11-8B21-0000000000A1",
    "1b0e7a1000014a118b210000000000a1",
    "",
    "w".repeat(128),
    "w".repeat(129),
    undefined,
    null,
    7,
  ),
  fc.string({ maxLength: 40 }),
  fc.uuid(),
);

describe("the browser's copies of the contract's field rules (zod/mini)", () => {
  it.each([
    ["uuid", uuid, miniUuid],
    ["wallet", wallet, miniWallet],
  ] as const)("%s answers every input as fields.ts does", (_name, original, copy) => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(verdict(copy, input)).toBe(verdict(original, input));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what the contract refuses (the comparison is not between two schemas that accept everything)", () => {
    expect(verdict(miniUuid, "not-a-uuid")).toBe("must be a UUID (32 hexadecimal digits as 8-4-4-4-12)");
    expect(verdict(miniUuid, undefined)).toBe("is required");
    expect(verdict(miniWallet, "")).toBe("must not be empty");
    expect(verdict(miniWallet, "w".repeat(129))).toBe("must be at most 128 characters");
  });
});
