import { describe, expect, it } from "vitest";
import { keyStatus, keyStatusLabel, keyWorks } from "./key-status";

const NOW = new Date("2027-03-10T12:00:00Z");

describe("keyStatus: where a key stands, from its dates", () => {
  it.each([
    ["live, no expiry", { RevokedAt: "", ExpiresAt: "" }, { kind: "live", expiresAt: null }],
    [
      "live, expiring later",
      { RevokedAt: "", ExpiresAt: "2027-04-01T00:00:00Z" },
      { kind: "live", expiresAt: "2027-04-01T00:00:00Z" },
    ],
    [
      "rolled: revoked at a moment still ahead (its grace period)",
      { RevokedAt: "2027-03-11T12:00:00Z", ExpiresAt: "" },
      { kind: "rolled", until: "2027-03-11T12:00:00Z" },
    ],
    [
      "rolled, but it expires before the grace ends: works until the expiry",
      { RevokedAt: "2027-03-11T12:00:00Z", ExpiresAt: "2027-03-10T18:00:00Z" },
      { kind: "rolled", until: "2027-03-10T18:00:00Z" },
    ],
    [
      "revoked",
      { RevokedAt: "2027-03-09T00:00:00Z", ExpiresAt: "" },
      { kind: "revoked", at: "2027-03-09T00:00:00Z" },
    ],
    [
      "rolled, and its grace has ended: replaced by the key it was rolled to",
      { RevokedAt: "2027-03-09T00:00:00Z", ExpiresAt: "", RolledTo: 7 },
      { kind: "replaced", at: "2027-03-09T00:00:00Z", by: 7 },
    ],
    [
      "rolled, still in its grace: rolled, whatever it was rolled to",
      { RevokedAt: "2027-03-11T12:00:00Z", ExpiresAt: "", RolledTo: 7 },
      { kind: "rolled", until: "2027-03-11T12:00:00Z" },
    ],
    [
      "rolled, but it expired before the grace ended: expired",
      { RevokedAt: "2027-03-09T00:00:00Z", ExpiresAt: "2027-03-08T00:00:00Z", RolledTo: 7 },
      { kind: "expired", at: "2027-03-08T00:00:00Z" },
    ],
    [
      "a service older than RolledTo: a key whose grace ended reads as revoked",
      { RevokedAt: "2027-03-09T00:00:00Z", ExpiresAt: "", RolledTo: 0 },
      { kind: "revoked", at: "2027-03-09T00:00:00Z" },
    ],
    [
      "expired",
      { RevokedAt: "", ExpiresAt: "2027-03-01T00:00:00Z" },
      { kind: "expired", at: "2027-03-01T00:00:00Z" },
    ],
    [
      "expired first, revoked after: expired",
      { RevokedAt: "2027-03-05T00:00:00Z", ExpiresAt: "2027-03-01T00:00:00Z" },
      { kind: "expired", at: "2027-03-01T00:00:00Z" },
    ],
    [
      "revoked first, would have expired after: revoked",
      { RevokedAt: "2027-03-01T00:00:00Z", ExpiresAt: "2027-03-05T00:00:00Z" },
      { kind: "revoked", at: "2027-03-01T00:00:00Z" },
    ],
    [
      "revoked at this very moment: no longer works",
      { RevokedAt: "2027-03-10T12:00:00Z", ExpiresAt: "" },
      { kind: "revoked", at: "2027-03-10T12:00:00Z" },
    ],
  ])("%s", (_name, key, expected) => {
    expect(keyStatus(key, NOW)).toEqual(expected);
  });

  it("says which keys still answer calls, and names each status", () => {
    const statuses = [
      keyStatus({ RevokedAt: "", ExpiresAt: "" }, NOW),
      keyStatus({ RevokedAt: "2027-03-11T00:00:00Z", ExpiresAt: "" }, NOW),
      keyStatus({ RevokedAt: "2027-03-01T00:00:00Z", ExpiresAt: "" }, NOW),
      keyStatus({ RevokedAt: "", ExpiresAt: "2027-03-01T00:00:00Z" }, NOW),
      keyStatus({ RevokedAt: "2027-03-01T00:00:00Z", ExpiresAt: "", RolledTo: 3 }, NOW),
    ];
    expect(statuses.map(keyWorks)).toEqual([true, true, false, false, false]);
    expect(statuses.map(keyStatusLabel)).toEqual(["Live", "Rolled", "Revoked", "Expired", "Replaced"]);
  });
});
