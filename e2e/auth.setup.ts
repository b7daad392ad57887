import { expect, test as setup } from "@playwright/test";
import { NO_RULES, readPolicy, setPolicy } from "./policies";
import { E2E_IDLE_MINUTES, ROLES, type RoleName, signInAs, storageStateOn } from "./roles";
import { consoleUrl, DEMOS } from "./servers";

// Signs each role in once on each demo through the real form; specs start from the saved browser
// state of their worker's demo (e2e/servers.ts). The sign-ins are independent (a session reads the
// owner's idle timeout when it is used, not when it starts), so every worker takes them: in one
// worker the others idled for their ~10 s, with every spec waiting on them.
setup.describe.configure({ mode: "parallel" });

// Role by role, so that the sign-ins running at once are on different demos: the console checks at
// most two passwords of one client at a time and answers a third "busy" (lib/auth/hash-slots.ts).
for (const role of Object.keys(ROLES) as RoleName[])
  for (let demo = 0; demo < DEMOS; demo++) {
    setup(`sign in as ${role} on demo ${demo}`, async ({ browser }) => {
      const page = await (await browser.newContext({ baseURL: consoleUrl(demo) })).newPage();
      await signInAs(page, role);
      if (role === "owner") {
        // Sessions end after the idle timeout (docs/console.md, "Sessions"): the saved ones must
        // last the whole suite however slow the machine.
        await page.goto("/settings/security");
        await page.getByLabel("End idle sessions after (minutes)").fill(String(E2E_IDLE_MINUTES));
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Security settings saved.")).toBeVisible();
        // The demo ships a sample award policy for GEM (docs/console.md, "Award policies"); the specs
        // award GEM in amounts it would hold for approval, so the suite runs without it. The
        // approvals spec sets its own.
        const shipped = await readPolicy(page, "GEM");
        // E2E_REUSE=1 reuses a demo an earlier run already set up.
        if (process.env.E2E_REUSE !== "1")
          expect(shipped).toEqual({
            approvalAbove: "500",
            managerDailyLimit: "5000",
            ownerDailyLimit: "",
          });
        await setPolicy(page, "GEM", NO_RULES);
      }
      await page.context().storageState({ path: storageStateOn(role, demo) });
      await page.context().close();
    });
  }
