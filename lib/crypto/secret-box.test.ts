import { describe, expect, it } from "vitest";
import { maskSecret, openSecret, SecretBoxError, sealSecret } from "./secret-box";

const KEY = "k".repeat(43);
const API_KEY = "gcc_demo_key_8f2b6c1e9a4d7f3b5e0c2a6d8b1f4e7c";

describe("secret box (AES-256-GCM)", () => {
  it("round-trips, with a fresh nonce each time and no plaintext in the stored form", () => {
    const first = sealSecret(KEY, API_KEY, "connection:1");
    const second = sealSecret(KEY, API_KEY, "connection:1");
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(API_KEY.slice(4, 12));
    expect(openSecret(KEY, first, "connection:1")).toBe(API_KEY);
  });

  it("refuses another key, another row's context and any altered byte", () => {
    const box = sealSecret(KEY, API_KEY, "connection:1");
    expect(() => openSecret("x".repeat(43), box, "connection:1")).toThrow(SecretBoxError);
    expect(() => openSecret(KEY, box, "connection:2")).toThrow(/cannot be decrypted/);
    const parts = box.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => openSecret(KEY, parts.join("."), "connection:1")).toThrow(SecretBoxError);
    expect(() => openSecret(KEY, "plain-text-key", "connection:1")).toThrow(/unknown format/);
  });

  it("masks a key down to its last four characters", () => {
    expect(maskSecret("4e7c")).toBe("••••4e7c");
  });
});
