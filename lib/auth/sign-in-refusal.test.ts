import { describe, expect, it } from "vitest";
import { signInRefusal } from "./sign-in-refusal";

describe("what the sign-in form says", () => {
  it.each([
    ["credentials", "Wrong email or password."],
    ["throttled-account-12", "Too many wrong passwords for this account: try again in 12 seconds."],
    ["throttled-account-1", "Too many wrong passwords for this account: try again in 1 second."],
    ["throttled-client-300", "Too many wrong passwords from your network address: try again in 300 seconds."],
    ["busy", "Your last sign-in is still being checked: try again in a moment."],
  ])("%s", (code, message) => {
    expect(signInRefusal(code)).toBe(message);
  });
});
