/**
 * Where a key stands, from the dates the keys extension lists (docs/service.md, "API keys").
 * `RevokedAt` is when a key stopped working — or, for a rolled key still in its grace period,
 * when it will stop; `ExpiresAt` is an expiry set when it was made. "" means unset. `RolledTo`
 * (absent from a service older than it, 0 for none) tells a key that was rolled and whose grace
 * has ended — "replaced" — from one that was revoked.
 */
export type KeyStatus =
  | { kind: "live"; expiresAt: string | null }
  | { kind: "rolled"; until: string }
  | { kind: "replaced"; at: string; by: number }
  | { kind: "revoked"; at: string }
  | { kind: "expired"; at: string };

const moment = (text: string): number | null => {
  if (text === "") return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
};

const iso = (at: number) => new Date(at).toISOString().replace(/\.000Z$/, "Z");

export function keyStatus(
  key: { RevokedAt: string; ExpiresAt: string; RolledTo?: number | undefined },
  now: Date,
): KeyStatus {
  const revoked = moment(key.RevokedAt);
  const expires = moment(key.ExpiresAt);
  const at = now.getTime();
  // What ended it first: a key that expired before it was revoked expired.
  const ended = [revoked, expires].filter((t): t is number => t !== null && t <= at);
  if (ended.length > 0) {
    const first = Math.min(...ended);
    if (first === expires) return { kind: "expired", at: iso(first) };
    return key.RolledTo
      ? { kind: "replaced", at: iso(first), by: key.RolledTo }
      : { kind: "revoked", at: iso(first) };
  }
  if (revoked !== null)
    return { kind: "rolled", until: iso(expires === null ? revoked : Math.min(revoked, expires)) };
  return { kind: "live", expiresAt: expires === null ? null : iso(expires) };
}

/** A key that still answers calls: live, or rolled and within its grace period. */
export function keyWorks(status: KeyStatus): boolean {
  return status.kind === "live" || status.kind === "rolled";
}

/** The status word a person reads (the table's badge). */
export function keyStatusLabel(status: KeyStatus): string {
  switch (status.kind) {
    case "live":
      return "Live";
    case "rolled":
      return "Rolled";
    case "replaced":
      return "Replaced";
    case "revoked":
      return "Revoked";
    case "expired":
      return "Expired";
  }
}
