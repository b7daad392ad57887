import { describe, expect, it } from "vitest";
import { LEGACY_SCRYPT_HASH } from "@/testing/legacy-password-hash";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password";

describe("password hashing", () => {
  it("writes Argon2id at OWASP's parameters (19 MiB, t=2, p=1) with a fresh salt, and verifies the right password only", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("still verifies a scrypt hash written before Argon2id, and marks it for re-hashing", async () => {
    expect(await verifyPassword("correct horse battery", LEGACY_SCRYPT_HASH)).toBe(true);
    expect(await verifyPassword("correct horse batterY", LEGACY_SCRYPT_HASH)).toBe(false);
    expect(needsRehash(LEGACY_SCRYPT_HASH)).toBe(true);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaA")).toBe(true);
  });

  it("treats a malformed stored hash as no match", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$whatever")).toBe(false);
    expect(await verifyPassword("x", "$argon2id$v=19$garbage")).toBe(false);
    expect(await verifyPassword("x", "scrypt$99999999999$8$1$a$b")).toBe(false);
  });

  it("names the rule a password breaks", () => {
    expect(passwordProblem("short")).toBe("must be at least 10 characters");
    expect(passwordProblem("x".repeat(201))).toBe("must be at most 200 characters");
    expect(passwordProblem("long enough")).toBeNull();
  });
});
