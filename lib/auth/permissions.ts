import type { Role } from "@/lib/model/roles";

/**
 * What each role may do (docs/console.md, "What each role may do"). The server checks these in every page and server action;
 * the interface only mirrors them.
 */
export const PERMISSIONS = {
  "catalogue:read": ["support", "manager", "owner"],
  "players:read": ["support", "manager", "owner"],
  "awards:send": ["manager", "owner"],
  "awards:read": ["support", "manager", "owner"],
  /** Approving or rejecting another person's award or batch over a threshold (never one's own). */
  "awards:approve": ["manager", "owner"],
  /** Taking back part or all of an award in the trail, or cancelling a queued one (docs/console.md, "Reversals"). */
  "awards:reverse": ["manager", "owner"],
  /** Staff notes on a player: writing one, and editing or deleting one's own (docs/console.md, "Staff notes"). */
  "notes:write": ["support", "manager", "owner"],
  /** Hiding anyone's note (and showing it again). */
  "notes:moderate": ["owner"],
  "wallet:read": ["manager", "owner"],
  "wallet:fund": ["owner"],
  "users:manage": ["owner"],
  "connections:manage": ["owner"],
  "settings:manage": ["owner"],
  /** Award policies: thresholds and daily limits per token. */
  "policies:manage": ["owner"],
  "audit:read": ["owner"],
  /** The game's API keys at the project's service: create, roll, revoke (Developers → Keys). */
  "keys:manage": ["owner"],
  /** What the project's people and channels are told, and where (Settings → Notifications). */
  "notifications:manage": ["owner"],
  /** The project's webhook endpoints at its service: add, change, test, replay, roll, delete (Developers → Webhooks). */
  "webhooks:manage": ["owner"],
  /** What the service saw of each call, and its errors (Developers → Requests). */
  "requests:read": ["support", "owner"],
  /** One's own account: second factor, sessions (the Account page). */
  "account:manage": ["support", "manager", "owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
