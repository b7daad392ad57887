import { type Browser, expect, type Page, test } from "@playwright/test";
import { storageState } from "./roles";

/**
 * Dates and times (docs/console.md, "Dates and times"): every time is shown in the person's zone —
 * the browser's unless they chose one in the user menu, kept per user on the server — with the
 * exact UTC time on hover. Zones without summer time, so the expected clock is plain arithmetic:
 * Asia/Kolkata (+5:30), Asia/Tokyo (+9), America/Sao_Paulo (−3).
 */

// Support: the lowest role sees the overview's "Updated" time; its choice is put back after.
const ROLE = "support";

/** The overview's "Updated …" time as one read: what it shows, its hover and its moment. */
async function readAt(page: Page) {
  const time = page.getByTestId("overview-read-at").locator("time");
  await expect(time).toBeVisible();
  // One read of all three: the overview refreshes every 15 s.
  return time.evaluate((element) => ({
    text: element.textContent ?? "",
    title: element.getAttribute("title") ?? "",
    iso: element.getAttribute("datetime") ?? "",
  }));
}

/** "HH:MM" of `iso` shifted by `offsetMinutes`, worked out without Intl. */
function clock(iso: string, offsetMinutes: number): string {
  return new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(11, 16);
}

const utcHover = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The "Updated" time is in the zone with this name and offset, and UTC on hover. */
async function expectShownIn(page: Page, zoneName: string, offsetMinutes: number) {
  await expect
    .poll(async () => {
      const shown = await readAt(page);
      return shown.text.endsWith(`, ${clock(shown.iso, offsetMinutes)} ${zoneName}`)
        ? "in zone"
        : `"${shown.text}" for ${shown.iso}`;
    })
    .toBe("in zone");
  const shown = await readAt(page);
  expect(shown.title).toBe(utcHover(shown.iso));
}

/** The "Updated" time in the HTML the server sends (before any script runs). */
async function serverRendered(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const time = /data-testid="overview-read-at"[^>]*>Updated <time[^>]*>([^<]*)<\/time>/i.exec(html);
  expect(time, "the overview's Updated time in the server's HTML").toBeTruthy();
  return time?.[1] ?? "";
}

async function openZoneDialog(page: Page) {
  await page.getByTestId("current-user").click();
  await page.getByRole("menuitem", { name: /^Time zone:/ }).click();
  const dialog = page.getByRole("dialog", { name: "Time zone" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses a zone ("" is "This browser's") in the user menu and waits for the dialog to close. */
async function chooseZone(page: Page, zone: string) {
  const dialog = await openZoneDialog(page);
  await dialog.getByLabel("Time zone").selectOption(zone);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

/** Hydration errors as React reports them: in words in development, by number in a production build. */
const HYDRATION = /hydrat|React error #(418|419|423|425)\b/i;

async function signedInPage(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ storageState: storageState(ROLE), timezoneId });
  const page = await context.newPage();
  const hydrationErrors: string[] = [];
  const keep = (text: string) => {
    if (HYDRATION.test(text)) hydrationErrors.push(text);
  };
  page.on("pageerror", (error) => keep(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") keep(message.text());
  });
  return { context, page, hydrationErrors };
}

test("times show in the browser's zone with UTC on hover; a zone chosen in the user menu applies on every device", async ({
  browser,
}) => {
  const laptop = await signedInPage(browser, "Asia/Kolkata");
  const phone = await signedInPage(browser, "America/Sao_Paulo");
  try {
    // No choice yet: the browser's zone, after a server render in UTC (the server cannot know it).
    await laptop.page.goto("/");
    await expectShownIn(laptop.page, "GMT+5:30", 5 * 60 + 30);
    expect(await serverRendered(laptop.page)).toMatch(/ UTC$/);
    await laptop.page.getByTestId("current-user").click();
    // Chromium names the zone by the IANA database's older alias.
    await expect(laptop.page.getByRole("menuitem", { name: /^Time zone:/ })).toHaveAccessibleName(
      /^Time zone: This browser’s \(Asia\/(Kolkata|Calcutta)\)$/,
    );
    await laptop.page.keyboard.press("Escape");

    // A zone the person chooses wins over the browser's, at once and from the server's first render.
    await chooseZone(laptop.page, "Asia/Tokyo");
    await expectShownIn(laptop.page, "GMT+9", 9 * 60);
    expect(await serverRendered(laptop.page)).toMatch(/ GMT\+9$/);
    await laptop.page.reload();
    await expectShownIn(laptop.page, "GMT+9", 9 * 60);

    // It is the person's, not the browser's: another device with another zone shows it too.
    await phone.page.goto("/");
    await expectShownIn(phone.page, "GMT+9", 9 * 60);

    // Back to "This browser's": each device shows its own zone again.
    await chooseZone(phone.page, "");
    await expectShownIn(phone.page, "GMT-3", -3 * 60);
    await laptop.page.reload();
    await expectShownIn(laptop.page, "GMT+5:30", 5 * 60 + 30);

    // The switch after mount, from UTC to the browser's zone, is no hydration error.
    expect([...laptop.hydrationErrors, ...phone.hydrationErrors]).toEqual([]);
  } finally {
    // The demo user's choice is shared with other specs: leave it as found, even after a failure.
    await laptop.page
      .goto("/")
      .then(() => chooseZone(laptop.page, ""))
      .catch(() => undefined);
    await laptop.context.close();
    await phone.context.close();
  }
});

test("the award history and an award's timeline (to the second) are in the browser's zone, UTC on hover", async ({
  browser,
}) => {
  const { context, page, hydrationErrors } = await signedInPage(browser, "Asia/Tokyo");
  try {
    await page.goto("/awards");
    const row = page.locator("tr[data-testid^='award-']").first();
    const sent = row.locator("time");
    const iso = (await sent.getAttribute("datetime")) ?? "";
    await expect(sent).toHaveText(new RegExp(`, ${clock(iso, 9 * 60)} GMT\\+9$`));
    await expect(sent).toHaveAttribute("title", utcHover(iso));

    const requestId = ((await row.getAttribute("data-testid")) ?? "").replace(/^award-/, "");
    await page.goto(`/awards/${encodeURIComponent(requestId)}`);
    const created = page.getByTestId("award-timeline").locator("li").first().locator("time");
    const at = (await created.getAttribute("datetime")) ?? "";
    const seconds = new Date(Date.parse(at) + 9 * 3_600_000).toISOString().slice(11, 19);
    await expect(created).toHaveText(new RegExp(`, ${seconds} GMT\\+9$`));
    await expect(created).toHaveAttribute("title", utcHover(at));
    expect(hydrationErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
