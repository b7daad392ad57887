import { test as setup } from "@playwright/test";
import { ROLES, type RoleName, signInAs, storageState } from "./roles";

// Signs each role in once through the real form; specs start from the saved browser state.
for (const role of Object.keys(ROLES) as RoleName[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, role);
    await page.context().storageState({ path: storageState(role) });
  });
}
