import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password";

describe("password hashing (scrypt)", () => {
  it("verifies the right password only, with a fresh salt per hash and its parameters stored", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("treats a malformed stored hash as no match", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$whatever")).toBe(false);
  });

  it("names the rule a password breaks", () => {
    expect(passwordProblem("short")).toBe("must be at least 10 characters");
    expect(passwordProblem("x".repeat(201))).toBe("must be at most 200 characters");
    expect(passwordProblem("long enough")).toBeNull();
  });
});
