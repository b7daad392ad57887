import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { ROLES } from "./roles";
import { PG_CONSOLE_DATABASE } from "./servers";

/**
 * The second console, on PostgreSQL (scripts/e2e/pg-console.ts): a spec can reach into its
 * database, which the embedded demo's does not allow while it runs. Only where `npm test` gave a
 * cluster (TEST_DATABASE_URL).
 */
export const pgClusterUrl = process.env.TEST_DATABASE_URL;

export async function pgConsoleDatabase(): Promise<pg.Client> {
  const url = new URL(pgClusterUrl as string);
  url.pathname = `/${PG_CONSOLE_DATABASE}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/** Signs the owner in on the PostgreSQL console (its users are the demo's). */
export async function signInOnPgConsole(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ROLES.owner.email);
  await page.getByLabel("Password").fill(ROLES.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(`${ROLES.owner.email} · owner`);
}
