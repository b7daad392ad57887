import { type Browser, expect } from "@playwright/test";
import { storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID } from "./servers";

/**
 * An owner adds a connection to the demo project at another base URL (the test proxy), for a
 * spec that needs the service to behave differently, or with the project's GUID spelt otherwise;
 * `remove` deletes it again.
 */
export async function addConnection(
  browser: Browser,
  name: string,
  baseUrl: string,
  projectGuid: string = DEMO_PROJECT_GUID,
) {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/settings/connections");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Base URL").fill(baseUrl);
  await page.getByLabel("Project GUID").fill(projectGuid);
  await page.getByLabel("API key").fill(DEMO_API_KEY);
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByTestId(`connection-${name}`)).toBeVisible();
  return {
    page,
    async remove() {
      await page.goto("/settings/connections");
      await page.getByRole("button", { name: `Delete connection ${name}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
      await expect(page.getByTestId(`connection-${name}`)).toHaveCount(0);
      await owner.close();
    },
  };
}
