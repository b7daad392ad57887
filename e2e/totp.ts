import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/** The code an authenticator app shows for `secret` at `at` (RFC 6238, as the console enrols it). */
export function totpCode(secret: string, at = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

// The last time step each secret's code was given for: the console never takes a step twice.
const lastStep = new Map<string, number>();

/**
 * A code the console has not seen yet: the current step's, else the next one's (one step of drift
 * is allowed), else — after two codes in one window — it waits for the clock to move on.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const last = lastStep.get(secret) ?? -1;
    const step = now > last ? now : now + 1 > last ? now + 1 : null;
    if (step !== null) {
      lastStep.set(secret, step);
      return totpCode(secret, new Date(step * PERIOD_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
