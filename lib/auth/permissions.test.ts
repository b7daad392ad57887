import { describe, expect, it } from "vitest";
import { can, PERMISSIONS } from "./permissions";

// DESIGN §7, row by row: support, manager, owner.
const TABLE = {
  "catalogue:read": [true, true, true],
  "players:read": [true, true, true],
  "awards:send": [false, true, true],
  "awards:read": [true, true, true],
  "wallet:read": [false, true, true],
  "wallet:fund": [false, false, true],
  "users:manage": [false, false, true],
  "connections:manage": [false, false, true],
} as const;

describe("role permissions", () => {
  it("match the permissions table of DESIGN §7 exactly", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [permission, expected] of Object.entries(TABLE)) {
      const actual = (["support", "manager", "owner"] as const).map((role) =>
        can(role, permission as keyof typeof TABLE),
      );
      expect(actual, permission).toEqual(expected);
    }
  });
});
