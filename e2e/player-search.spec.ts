import { expect, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, knownPlayer, player, send } from "./award-form";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { SPEC_ONLY_BASE_URL } from "./servers";

test.use({ storageState: storageState("support") });

test("support types “hana” and opens the right player from the list by keyboard", async ({
  page,
  request,
}) => {
  // Two players of this run whose IDs start with "hana" (the service knows them: an award each).
  const first = await knownPlayer(request, "hana-e2e-first");
  const wanted = await knownPlayer(request, "hana-e2e-wanted");
  await page.goto("/players");
  const box = page.getByLabel("Find a player");
  await expect(box).toBeFocused();
  await box.fill("hana");
  const list = page.getByRole("listbox", { name: "Players found" });
  await expect(list.getByRole("option", { name: new RegExp(wanted) })).toBeVisible();
  await expect(list.getByRole("option", { name: new RegExp(first) })).toBeVisible();
  // Each says how it matched and when the studio last awarded the player something.
  await expect(list.getByRole("option", { name: new RegExp(wanted) })).toContainText("ID starts with");
  await expect(list.getByRole("option", { name: new RegExp(wanted) })).toContainText("last award");

  // ↓ until the wanted player is chosen (earlier runs' "hana" players may come first), then Enter.
  const options = await list.getByRole("option").count();
  for (let press = 0; press < options; press += 1) {
    await box.press("ArrowDown");
    if ((await list.getByRole("option", { selected: true }).textContent())?.includes(wanted)) break;
  }
  await expect(list.getByRole("option", { selected: true })).toContainText(wanted);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/players/${wanted}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Player ${wanted}`);

  // Too short a fragment asks for more, and nothing is searched.
  await page.goto("/players");
  await page.getByLabel("Find a player").fill("ha");
  await expect(page.getByText("Type at least 3 characters to search.")).toBeVisible();
  await expect(page.getByRole("listbox", { name: "Players found" }).getByRole("option")).toHaveCount(0);
});

test("the command palette finds a player by part of the ID", async ({ page, request }) => {
  const customerId = await knownPlayer(request, "e2e-palette-find");
  const fragment = customerId.slice("e2e-".length);
  await page.goto("/players");
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Command palette" });
  await dialog.getByRole("combobox").fill(fragment);
  const found = dialog.getByRole("option", { name: customerId, exact: true });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/players/${customerId}$`));
});

test("against a service without search, the console searches the IDs it has awarded to, and says so", async ({
  browser,
}) => {
  const name = "Starfall, spec only (search)";
  const connection = await addConnection(browser, name, SPEC_ONLY_BASE_URL);
  const { page } = connection;
  try {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    // An award through the console: its Customer ID is now in the console's own trail.
    await page.goto("/awards/new");
    const customerId = player("e2e-hana-own");
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "1" });
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Accepted");

    // A player only looked up (opened by their whole ID) is known to the console's own search too.
    const lookedUp = player("e2e-hana-looked");
    await page.goto("/players");
    await page.getByLabel("Find a player").fill(lookedUp);
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(new RegExp(`/players/${lookedUp}$`));
    await page.goto("/players");
    await page.getByLabel("Find a player").fill("hana-looked");
    await expect(page.getByRole("option", { name: new RegExp(lookedUp) })).toBeVisible();

    await page.goto("/players");
    await page.getByLabel("Find a player").fill(customerId.slice(2));
    await expect(page.getByTestId("search-own-trail")).toContainText(
      "This service does not offer customer search",
    );
    const found = page.getByRole("option", { name: new RegExp(customerId) });
    await expect(found).toContainText("ID contains");
    await found.click();
    await expect(page).toHaveURL(new RegExp(`/players/${customerId}$`));
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});
