import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { DEMO_INDEX } from "./servers";

/** The demo users (demo only), one per role, and where each one's signed-in browser state is kept. */
export const ROLES = {
  owner: { email: "owner@demo.test", password: "demo-password" },
  manager: { email: "manager@demo.test", password: "demo-password" },
  support: { email: "support@demo.test", password: "demo-password" },
} as const;

export type RoleName = keyof typeof ROLES;

/**
 * The idle timeout the e2e console runs with (Settings → Security, set by auth.setup.ts): the
 * saved sessions must outlast the whole suite on a slow machine, where some go unused for long.
 */
export const E2E_IDLE_MINUTES = 1440;

/** Where a role's signed-in browser state on demo `demo` is kept (auth.setup.ts signs in on each). */
export const storageStateOn = (role: RoleName, demo: number) =>
  join("test-results", "e2e-auth", `${role}-${demo}.json`);
/** A role's signed-in browser state on this worker's demo. */
export const storageState = (role: RoleName) => storageStateOn(role, DEMO_INDEX);

/**
 * Signs a role in through the form in this page's browser: a session of its own, for a test that
 * ends it (signing out ends a session on the server, so the shared saved states must never be).
 */
export async function signInAs(page: Page, role: RoleName): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ROLES[role].email);
  await page.getByLabel("Password").fill(ROLES[role].password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(`${ROLES[role].email} · ${role}`);
}
