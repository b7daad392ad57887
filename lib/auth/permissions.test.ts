import { describe, expect, it } from "vitest";
import { can, PERMISSIONS } from "./permissions";

// docs/console.md, "What each role may do", row by row: support, manager, owner; then the staff-accounts rows.
const TABLE = {
  "catalogue:read": [true, true, true],
  "players:read": [true, true, true],
  "awards:send": [false, true, true],
  "awards:read": [true, true, true],
  "wallet:read": [false, true, true],
  "wallet:fund": [false, false, true],
  "users:manage": [false, false, true],
  "connections:manage": [false, false, true],
  // Staff accounts (docs/console.md): the console's settings and its audit log are the owners';
  // everyone manages their own second factor and sessions.
  "settings:manage": [false, false, true],
  "audit:read": [false, false, true],
  "account:manage": [true, true, true],
  // Four-eyes approvals and award policies (docs/console.md, "Approvals", "Award policies"):
  // whoever may award may approve another's award; the policies are the owners'.
  "awards:approve": [false, true, true],
  // Reversals (docs/console.md, "Reversals"): whoever may award may undo an award.
  "awards:reverse": [false, true, true],
  "policies:manage": [false, false, true],
  // Developers (docs/console.md, "Keys and Requests"): the game's keys are the owners'; support
  // reads what the service saw of a player's or an award's calls.
  "keys:manage": [false, false, true],
  "requests:read": [true, false, true],
  // Webhooks and notifications (docs/console.md, "Webhooks", "Notifications"): where the project's
  // events go is the owners' to say.
  "webhooks:manage": [false, false, true],
  "notifications:manage": [false, false, true],
  // Staff notes (docs/console.md, "Staff notes"): whoever looks players up writes notes; owners
  // hide anyone's.
  "notes:write": [true, true, true],
  "notes:moderate": [false, false, true],
} as const;

describe("role permissions", () => {
  it("match the permissions table of docs/console.md exactly", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [permission, expected] of Object.entries(TABLE)) {
      const actual = (["support", "manager", "owner"] as const).map((role) =>
        can(role, permission as keyof typeof TABLE),
      );
      expect(actual, permission).toEqual(expected);
    }
  });
});
