import { describe, expect, it } from "vitest";
import { signInRefusal } from "./sign-in-refusal";

describe("what the sign-in form says", () => {
  it.each([
    ["credentials", "Wrong email or password."],
    ["throttled-account-12", "Too many wrong passwords or codes for this account: try again in 12 seconds."],
    ["throttled-account-1", "Too many wrong passwords or codes for this account: try again in 1 second."],
    [
      "throttled-client-300",
      "Too many wrong passwords or codes from your network address: try again in 300 seconds.",
    ],
    ["throttled-device-5", "Too many wrong passwords or codes from this browser: try again in 5 seconds."],
    ["code-required", "Enter the 6-digit code from your authenticator app, or a recovery code."],
    ["invalid-code", "That code is wrong or was already used: enter the current code."],
    ["busy", "Too many sign-ins are being checked just now: try again in a moment."],
  ])("%s", (code, message) => {
    expect(signInRefusal(code)).toBe(message);
  });
});
