import { describe, expect, it } from "vitest";
import { cookieValue, knownDeviceId, rememberDevice } from "./known-device";

const SECRET = "a test secret that is long enough for AUTH_SECRET";

describe("known devices", () => {
  it("knows a browser for the account it signed in to, only with the secret", () => {
    const cookie = rememberDevice(SECRET, "ana@studio.example", undefined);
    const id = knownDeviceId(SECRET, "ana@studio.example", cookie);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownDeviceId(SECRET, "ben@studio.example", cookie)).toBeUndefined();
    expect(
      knownDeviceId("another secret of enough length, really", "ana@studio.example", cookie),
    ).toBeUndefined();
    // A made-up token or a tampered one is no known device.
    expect(knownDeviceId(SECRET, "ana@studio.example", `${id}.${"A".repeat(43)}`)).toBeUndefined();
    expect(knownDeviceId(SECRET, "ana@studio.example", "garbage")).toBeUndefined();
    expect(knownDeviceId(SECRET, "ana@studio.example", undefined)).toBeUndefined();
  });

  it("keeps a device's id across sign-ins and the last five accounts of a shared browser", () => {
    let cookie = rememberDevice(SECRET, "ana@studio.example", undefined);
    const ana = knownDeviceId(SECRET, "ana@studio.example", cookie);
    for (const name of ["ben", "cho", "dev", "eli"])
      cookie = rememberDevice(SECRET, `${name}@studio.example`, cookie);
    cookie = rememberDevice(SECRET, "ana@studio.example", cookie);
    expect(knownDeviceId(SECRET, "ana@studio.example", cookie)).toBe(ana);
    expect(knownDeviceId(SECRET, "ben@studio.example", cookie)).toBeDefined();
    cookie = rememberDevice(SECRET, "fay@studio.example", cookie);
    expect(cookie.split("~")).toHaveLength(5);
    expect(knownDeviceId(SECRET, "ben@studio.example", cookie)).toBeUndefined();
  });

  it("reads one cookie from a Cookie header", () => {
    expect(cookieValue("a=1; console-known-device=x.y~z; b=2", "console-known-device")).toBe("x.y~z");
    expect(cookieValue(null, "a")).toBeUndefined();
  });
});
