import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  encryptionKeyId,
  maskSecret,
  openSecret,
  SecretBoxError,
  sealedWithNewest,
  sealSecret,
} from "./secret-box";

const KEY = "k".repeat(43);
const NEW_KEY = "n".repeat(43);
const API_KEY = "gcc_demo_key_8f2b6c1e9a4d7f3b5e0c2a6d8b1f4e7c";

/** A value as the console stored it before key ids (`v1.<nonce>.<tag>.<ciphertext>`). */
function sealV1(secret: string, plain: string, context: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "game-commerce-console", "connection api keys v1", 32));
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

describe("secret box (AES-256-GCM)", () => {
  it("round-trips, with a fresh nonce each time, the sealing key's id and no plaintext in the stored form", () => {
    const first = sealSecret([KEY], API_KEY, "connection:1");
    const second = sealSecret([KEY], API_KEY, "connection:1");
    expect(first).toMatch(/^v2\.[\w-]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first.split(".")[1]).toBe(encryptionKeyId(KEY));
    expect(first).not.toBe(second);
    expect(first).not.toContain(API_KEY.slice(4, 12));
    expect(openSecret([KEY], first, "connection:1")).toBe(API_KEY);
  });

  it("a key id names the key without revealing it: stable, distinct per key", () => {
    expect(encryptionKeyId(KEY)).toBe(encryptionKeyId(KEY));
    expect(encryptionKeyId(KEY)).not.toBe(encryptionKeyId(NEW_KEY));
    expect(KEY).not.toContain(encryptionKeyId(KEY));
  });

  it("several keys, newest first: the newest seals, an older one still opens what it sealed", () => {
    const old = sealSecret([KEY], API_KEY, "connection:1");
    const keys = [NEW_KEY, KEY] as const;
    expect(openSecret(keys, old, "connection:1")).toBe(API_KEY);
    expect(sealedWithNewest(keys, old)).toBe(false);
    const renewed = sealSecret(keys, API_KEY, "connection:1");
    expect(renewed.split(".")[1]).toBe(encryptionKeyId(NEW_KEY));
    expect(sealedWithNewest(keys, renewed)).toBe(true);
    // Once the old key is dropped, what it sealed is named as such.
    expect(() => openSecret([NEW_KEY], old, "connection:1")).toThrow(
      new RegExp(`sealed with encryption key ${encryptionKeyId(KEY)}, which is not among`),
    );
    expect(openSecret([NEW_KEY], renewed, "connection:1")).toBe(API_KEY);
  });

  it("a value stored before key ids (v1) opens with whichever key sealed it, and counts as not the newest", () => {
    const legacy = sealV1(KEY, API_KEY, "connection:1");
    expect(openSecret([NEW_KEY, KEY], legacy, "connection:1")).toBe(API_KEY);
    expect(sealedWithNewest([KEY], legacy)).toBe(false);
    expect(() => openSecret([NEW_KEY], legacy, "connection:1")).toThrow(/cannot be decrypted/);
  });

  it("refuses another key, another row's context and any altered byte", () => {
    const box = sealSecret([KEY], API_KEY, "connection:1");
    expect(() => openSecret(["x".repeat(43)], box, "connection:1")).toThrow(SecretBoxError);
    expect(() => openSecret([KEY], box, "connection:2")).toThrow(/cannot be decrypted/);
    const parts = box.split(".");
    const body = Buffer.from(parts[4] as string, "base64url");
    body[0] = (body[0] as number) ^ 1;
    parts[4] = body.toString("base64url");
    expect(() => openSecret([KEY], parts.join("."), "connection:1")).toThrow(SecretBoxError);
    expect(() => openSecret([KEY], "plain-text-key", "connection:1")).toThrow(/unknown format/);
  });

  it("masks a key down to its last four characters", () => {
    expect(maskSecret("4e7c")).toBe("••••4e7c");
  });
});
