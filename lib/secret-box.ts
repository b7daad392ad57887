import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts connection API keys at rest (docs/console.md, "Keys at rest"): AES-256-GCM
 * with a key derived by HKDF from one of the console's encryption keys, a fresh 96-bit nonce per
 * value, and the connection's identity as associated data, so a ciphertext copied onto another
 * row does not decrypt. Stored as `v2.<key id>.<nonce>.<tag>.<ciphertext>` (base64url): the key
 * id names which encryption key sealed it (a one-way derivation, not the key), so several keys can
 * be in use while they are rotated. `v1.<nonce>.<tag>.<ciphertext>`, from before key ids, still
 * opens with whichever given key sealed it.
 */

export class SecretBoxError extends Error {}

/** The console's encryption keys, newest first: the first seals, any of them opens. */
export type EncryptionKeys = readonly [string, ...string[]];

const SALT = "game-commerce-console";

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, "connection api keys v1", 32));
}

/** A short public name of an encryption key: 8 base64url characters that do not reveal it. */
export function encryptionKeyId(secret: string): string {
  return Buffer.from(hkdfSync("sha256", secret, SALT, "encryption key id v2", 6)).toString("base64url");
}

export function sealSecret(keys: EncryptionKeys, plain: string, context: string): string {
  const secret = keys[0];
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret), nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v2", encryptionKeyId(secret), nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

function tryOpen(secret: string, nonce: string, tag: string, sealed: string, context: string): string | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret), Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

const CANNOT =
  "The stored secret cannot be decrypted: the console's encryption key changed, or the value was altered.";

export function openSecret(keys: EncryptionKeys, box: string, context: string): string {
  const parts = box.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const [, id, nonce, tag, sealed] = parts as [string, string, string, string, string];
    const secret = keys.find((key) => encryptionKeyId(key) === id);
    if (!secret)
      throw new SecretBoxError(
        `The stored secret was sealed with encryption key ${id}, which is not among the console's keys (CONSOLE_ENCRYPTION_KEYS).`,
      );
    const plain = tryOpen(secret, nonce, tag, sealed, context);
    if (plain === null) throw new SecretBoxError(CANNOT);
    return plain;
  }
  if (parts[0] === "v1" && parts.length === 4) {
    const [, nonce, tag, sealed] = parts as [string, string, string, string];
    for (const secret of keys) {
      const plain = tryOpen(secret, nonce, tag, sealed, context);
      if (plain !== null) return plain;
    }
    // Wrong keys, or a tampered value: never a partial plaintext.
    throw new SecretBoxError(CANNOT);
  }
  throw new SecretBoxError("The stored secret has an unknown format.");
}

/** Whether a stored value is sealed with the newest key (else `npm run secrets:rotate` re-seals it). */
export function sealedWithNewest(keys: EncryptionKeys, box: string): boolean {
  const [version, id] = box.split(".");
  return version === "v2" && id === encryptionKeyId(keys[0]);
}

/** What the interface may show of a key: its last four characters at most. */
export function maskSecret(last4: string): string {
  return `••••${last4}`;
}
