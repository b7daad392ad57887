import { join } from "node:path";

/** The demo users (demo only), one per role, and where each one's signed-in browser state is kept. */
export const ROLES = {
  owner: { email: "owner@demo.test", password: "demo-password" },
  manager: { email: "manager@demo.test", password: "demo-password" },
  support: { email: "support@demo.test", password: "demo-password" },
} as const;

export type RoleName = keyof typeof ROLES;

export const storageState = (role: RoleName) => join("test-results", "e2e-auth", `${role}.json`);
