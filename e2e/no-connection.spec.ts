import { expect, type Page, test } from "@playwright/test";
import { seriousViolationsInBothThemes } from "./axe";
import { pagesFor } from "./console-pages";
import { ROLES, type RoleName } from "./roles";
import { UNCONNECTED_CONSOLE_URL } from "./servers";

/**
 * A console before its first connection (scripts/e2e/unconnected-console.ts): every role lands on
 * an overview that says what to do, the owner is led to add a connection, and no page breaks.
 */
test.use({ baseURL: UNCONNECTED_CONSOLE_URL, storageState: { cookies: [], origins: [] } });

async function signIn(page: Page, role: RoleName) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ROLES[role].email);
  await page.getByLabel("Password").fill(ROLES[role].password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(`${ROLES[role].email} · ${role}`);
}

test("the owner lands on an overview that leads to adding a connection", async ({ page }) => {
  await signIn(page, "owner");
  await expect(page).toHaveURL(`${UNCONNECTED_CONSOLE_URL}/`);
  await expect(page.getByText("No project connected yet")).toBeVisible();
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue("");
  expect(await seriousViolationsInBothThemes(page)).toEqual({ light: [], dark: [] });
  await page.getByRole("link", { name: "Add a connection" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connections" })).toBeVisible();
});

test("a manager is told who connects a project; pages that need one say so plainly", async ({ page }) => {
  await signIn(page, "manager");
  await expect(page.getByText("No project connected yet")).toBeVisible();
  await expect(page.getByText("An owner connects the console to a project")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a connection" })).toHaveCount(0);

  // Every page the manager may open answers with the console's own words, never an error page.
  for (const { path } of pagesFor("manager")) {
    const response = await page.goto(path);
    expect([path, response?.status()]).toEqual([path, 200]);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/Application error|Internal Server Error/)).toHaveCount(0);
  }
  await page.goto("/catalogue/products");
  const note = page.getByTestId("service-failure");
  await expect(note).toContainText("No project to show");
  await expect(note).toContainText("an owner adds one in Settings → Connections");
});
