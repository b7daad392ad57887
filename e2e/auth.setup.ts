import { expect, test as setup } from "@playwright/test";
import { ROLES, type RoleName, storageState } from "./roles";

// Signs each role in once through the real form; specs start from the saved browser state.
for (const role of Object.keys(ROLES) as RoleName[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ROLES[role].email);
    await page.getByLabel("Password").fill(ROLES[role].password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("current-user")).toHaveText(`${ROLES[role].email} · ${role}`);
    await page.context().storageState({ path: storageState(role) });
  });
}
