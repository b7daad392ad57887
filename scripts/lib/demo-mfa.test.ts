import { describe, expect, it } from "vitest";
import { demoOwnerMfa } from "./demo-mfa";

describe("the demo's second-factor rule for owners", () => {
  it("is optional unless DEMO_MFA=1; an explicit CONSOLE_OWNER_MFA wins", () => {
    expect(demoOwnerMfa({})).toBe("optional");
    expect(demoOwnerMfa({ DEMO_MFA: "1" })).toBe("required");
    expect(demoOwnerMfa({ DEMO_MFA: "0" })).toBe("optional");
    expect(demoOwnerMfa({ DEMO_MFA: "1", CONSOLE_OWNER_MFA: "optional" })).toBe("optional");
    expect(demoOwnerMfa({ CONSOLE_OWNER_MFA: "required" })).toBe("required");
  });
});
