import { describe, expect, it } from "vitest";
import { ConsoleSettings, SettingsChange } from "./settings-shape";

describe("the owners' settings", () => {
  it("a change of one setting carries only that setting, never the others' defaults", () => {
    expect(SettingsChange.parse({ approvalExpiryDays: 10 })).toEqual({ approvalExpiryDays: 10 });
    expect(SettingsChange.parse({ idleTimeoutMinutes: 60, auditRetentionDays: null })).toEqual({
      idleTimeoutMinutes: 60,
      auditRetentionDays: null,
    });
  });

  it("a change keeps each setting's rule and names the field", () => {
    const refused = SettingsChange.safeParse({ approvalExpiryDays: 0, idleTimeoutMinutes: 2 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["idleTimeoutMinutes", "must be at least 5 minutes"],
      ["approvalExpiryDays", "must be at least 1 day"],
    ]);
  });

  it("unset settings read as their defaults", () => {
    expect(ConsoleSettings.parse({})).toEqual({
      mfaRequiredFor: "owners",
      idleTimeoutMinutes: 30,
      auditRetentionDays: null,
      approvalExpiryDays: 7,
    });
  });
});
