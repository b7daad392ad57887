import { expect, test as setup } from "@playwright/test";
import { E2E_IDLE_MINUTES, ROLES, type RoleName, signInAs, storageState } from "./roles";

// Signs each role in once through the real form; specs start from the saved browser state.
for (const role of Object.keys(ROLES) as RoleName[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, role);
    if (role === "owner") {
      // Sessions end after the idle timeout (docs/console.md, "Sessions"): the saved ones must
      // last the whole suite however slow the machine.
      await page.goto("/settings/security");
      await page.getByLabel("End idle sessions after (minutes)").fill(String(E2E_IDLE_MINUTES));
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Security settings saved.")).toBeVisible();
    }
    await page.context().storageState({ path: storageState(role) });
  });
}
