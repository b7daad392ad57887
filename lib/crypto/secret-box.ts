import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts connection API keys at rest (DESIGN §7): AES-256-GCM with a key derived by HKDF from
 * CONSOLE_ENCRYPTION_KEY, a fresh 96-bit nonce per value, and the connection's identity as
 * associated data, so a ciphertext copied onto another row does not decrypt. Stored as
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */

export class SecretBoxError extends Error {}

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "game-commerce-console", "connection api keys v1", 32));
}

export function sealSecret(secret: string, plain: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret), nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function openSecret(secret: string, box: string, context: string): string {
  const [version, nonce, tag, sealed] = box.split(".");
  if (version !== "v1" || !nonce || !tag || sealed === undefined)
    throw new SecretBoxError("The stored secret has an unknown format.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret), Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    // Wrong CONSOLE_ENCRYPTION_KEY, or a tampered value: never a partial plaintext.
    throw new SecretBoxError(
      "The stored secret cannot be decrypted: CONSOLE_ENCRYPTION_KEY changed, or the value was altered.",
    );
  }
}

/** What the interface may show of a key: its last four characters at most. */
export function maskSecret(last4: string): string {
  return `••••${last4}`;
}
