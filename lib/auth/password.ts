import "server-only";
import { type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

/**
 * Password hashes with Argon2id at OWASP's recommended parameters: 19 MiB of memory, two passes,
 * one lane (docs/console.md, "Passwords"). The stored form is the standard PHC string, which
 * names its parameters, so they can be raised later without breaking old hashes. Hashes written
 * before Argon2id (`scrypt$N$r$p$salt$hash`, base64url) still verify, and are replaced at the
 * next successful sign-in (`needsRehash`).
 */
/** `algorithm: 2` is the library's `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
export const ARGON2_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

// NFKC: the same password typed on another keyboard (full-width digits, composed accents) matches.
const normalized = (password: string) => password.normalize("NFKC");

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalized(password), ARGON2_PARAMS);
}

/** True when `password` matches `stored` (Argon2id or the older scrypt); false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2id$")) {
    try {
      return await argon2Verify(stored, normalized(password));
    } catch {
      return false; // a malformed PHC string
    }
  }
  return verifyScrypt(password, stored);
}

/** A stored hash that is not Argon2id at today's parameters: re-hash it once the password is known. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

const SCRYPT_KEY_LENGTH = 32;

function scryptKey(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(normalized(password), salt, SCRYPT_KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The hashes written before Argon2id: scrypt N=2^15, r=8, p=1 (below OWASP's minimum today). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0) || params.N > 2 ** 20)
    return false;
  const expected = Buffer.from(hash, "base64url");
  try {
    const actual = await scryptKey(password, Buffer.from(salt, "base64url"), params);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

export const PASSWORD_MIN_LENGTH = 10;

/** A rule a person can act on, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if ([...password].length > 200) return "must be at most 200 characters";
  return null;
}
