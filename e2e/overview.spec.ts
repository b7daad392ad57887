import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import { fromUnits, toUnits } from "../lib/contract/decimal";
import { ungroupDigits } from "../lib/format/grouped-decimal";
import { TEST_LIMITS } from "../testing/test-limits";
import { fillAward, GEM, GEM_DB, GOLD, GOLD_DB, knownPlayer, send } from "./award-form";
import { seriousViolationsInBothThemes } from "./axe";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import {
  DEMO_API_KEY,
  DEMO_PROJECT_GUID,
  PROXIED_BASE_URL,
  PROXY_URL,
  SERVICE_BASE_URL,
  SPEC_ONLY_BASE_URL,
} from "./servers";

/**
 * The overview (docs/console.md, "The overview"): the figures of a history this spec makes, read
 * as before/after deltas (other specs award too on the same demo, one file at a time), what each role sees,
 * what a spec-only service cannot show, and live figures without a reload.
 */

const OUTCOMES = ["completed", "queued", "failed", "unknown"] as const;
type Figures = Record<(typeof OUTCOMES)[number], { today: number; week: number }> & {
  /** Today's exact amount of each token in the chart's table ("0" when the token has no column). */
  gold: string;
  gem: string;
};

/**
 * The UTC day of the overview's "Updated …" moment (its `datetime`, ISO; the text is in the
 * browser's zone): the server's day, the chart table's last row.
 */
async function serverDay(page: Page): Promise<string> {
  const at = (await page.getByTestId("overview-read-at").locator("time").getAttribute("datetime")) ?? "";
  const day = /^\d{4}-\d{2}-\d{2}(?=T)/.exec(at)?.[0];
  expect(day, `an ISO time in "${at}"`).toBeTruthy();
  return day ?? "";
}

async function todaysAmount(page: Page, day: string, symbol: string): Promise<string> {
  const cell = page.getByTestId(`tokens-day-${day}`).getByTestId(`amount-${symbol}`);
  return (await cell.count()) === 0 ? "0" : ((await cell.textContent()) ?? "").trim();
}

/** Each main outcome's count on the overview of a period (`?range=today`, `?range=7d`). */
async function countsOf(
  page: Page,
  range: "today" | "7d",
): Promise<Record<(typeof OUTCOMES)[number], number>> {
  await page.goto(`/?range=${range}`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const counts = {} as Record<(typeof OUTCOMES)[number], number>;
  for (const outcome of OUTCOMES)
    counts[outcome] = Number(
      ungroupDigits((await page.getByTestId(`outcome-${outcome}`).getByTestId("count").textContent()) ?? ""),
    );
  return counts;
}

async function readFigures(page: Page): Promise<Figures> {
  const today = await countsOf(page, "today");
  const week = await countsOf(page, "7d");
  const figures = {} as Figures;
  for (const outcome of OUTCOMES) figures[outcome] = { today: today[outcome], week: week[outcome] };
  const day = await serverDay(page);
  await openTable(page);
  figures.gold = await todaysAmount(page, day, "GOLD");
  figures.gem = await todaysAmount(page, day, "GEM");
  return figures;
}

/** The shell's project switcher (one place to change when its control changes). */
async function chooseProject(page: Page, label: string) {
  await page.getByLabel("Project", { exact: true }).selectOption({ label });
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(
    label.endsWith("(demo)") ? "env" : /^db:/,
  );
  // The switcher is disabled until the server has the choice and the page is refreshed.
  await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
}

async function walletOf(request: APIRequestContext) {
  const answer = await request.get(`${SERVICE_BASE_URL}/Wallet/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}`);
  return (await answer.json()).Data as {
    Balances: { ContractGuid: string; Amount: string }[];
    Queue: { Tokens: { ContractGuid: string; Amount: string }[] }[];
  };
}

/** Funds exactly what the GEM queue waits for, through the service's own API; the RequestIDs it settled. */
async function fundGemQueue(request: APIRequestContext): Promise<string[]> {
  const wallet = await walletOf(request);
  const waiting = wallet.Queue.flatMap((award) => award.Tokens).filter(
    (line) => line.ContractGuid === GEM_DB,
  );
  const gap =
    waiting.reduce((sum, line) => sum + toUnits(String(line.Amount)), 0n) -
    toUnits(wallet.Balances.find((balance) => balance.ContractGuid === GEM_DB)?.Amount ?? "0");
  if (gap <= 0n) return [];
  const funded = await request.post(`${SERVICE_BASE_URL}/FundWallet`, {
    headers: { "content-type": "application/json" },
    data: `{"ApiKey":"${DEMO_API_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT_GUID}","Tokens":[{"Guid":"${GEM}","ContractGuid":"${GEM_DB}","Amount":${fromUnits(gap)}}]}`,
  });
  return (await funded.json()).Settled;
}

/** Opens the chart's table when there is one (no token awarded in 30 days: no chart, no table). */
async function openTable(page: Page) {
  const summary = page.getByText("The figures as a table");
  if ((await summary.count()) > 0 && !(await page.getByTestId("tokens-table").isVisible())) {
    await summary.click();
    // Its body is rendered once opened (components/ui/disclosure.tsx): read it only when there.
    await expect(page.getByTestId("tokens-table")).toBeVisible();
  }
}

test.describe("the overview", () => {
  test.use({ storageState: storageState("manager") });

  test("shows the figures of a known history: completed, failed and queued awards, exact amounts, live", async ({
    page,
    request,
  }) => {
    test.setTimeout(3 * TEST_LIMITS.testMs);
    const customerId = await knownPlayer(request, "e2e-overview");
    const before = await readFigures(page);

    // Completed: an allowance with digits a double would lose.
    const gold = "1.000000000000000025";
    await page.goto("/awards/new");
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: gold });
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Completed");

    // Failed: the service refuses a RequestID it already holds for another body (409).
    await page.goto("/awards/new");
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "2" });
    const taken = (await page.getByTestId("request-id").textContent()) ?? "";
    const elsewhere = await request.post(`${SERVICE_BASE_URL}/AwardTokens`, {
      headers: { "content-type": "application/json" },
      data: JSON.stringify({
        ApiKey: DEMO_API_KEY,
        RequestID: taken,
        ProjectGuid: DEMO_PROJECT_GUID,
        IsAllowance: true,
        CustomerID: customerId,
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 3 }],
      }),
    });
    expect((await elsewhere.json()).isError).toBe("0");
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Failed.");

    // Queued: a direct distribution beyond what the wallet holds of GEM.
    const gemBalance =
      (await walletOf(request)).Balances.find((balance) => balance.ContractGuid === GEM_DB)?.Amount ?? "0";
    const gem = fromUnits(toUnits(gemBalance) + toUnits("777.5"));
    await page.goto("/awards/new");
    await fillAward(page, {
      customerId,
      mode: "Direct distribution",
      wallet: `wallet-${customerId}`,
      token: GEM,
      contract: GEM_DB,
      amount: gem,
    });
    const queuedId = (await page.getByTestId("request-id").textContent()) ?? "";
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Queued");

    const after = await readFigures(page);
    for (const outcome of OUTCOMES) {
      const delta = outcome === "unknown" ? 0 : 1;
      expect([outcome, after[outcome].today - before[outcome].today]).toEqual([outcome, delta]);
      expect([outcome, after[outcome].week - before[outcome].week]).toEqual([outcome, delta]);
    }
    // The chart's table: exactly the completed allowance; the refused and the queued award add nothing.
    expect(after.gold).toBe(fromUnits(toUnits(before.gold) + toUnits(gold)));
    expect(after.gem).toBe(before.gem);
    // The latest awards link to their timelines; the queue names the gap of GEM.
    await expect(page.getByTestId(`latest-${queuedId}`).getByRole("link")).toHaveAttribute(
      "href",
      `/awards/${queuedId}`,
    );
    await expect(page.getByTestId(`latest-${queuedId}`)).toContainText("Queued");
    await expect(page.getByTestId("funding-GEM-DB").getByTestId("gap")).not.toHaveText("");
    // A manager reads the wallet but does not fund it.
    await expect(page.getByRole("link", { name: "Fund the wallet" })).toHaveCount(0);

    // Funded elsewhere (the service's own API): the open overview follows without a reload.
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && r.url().includes("/api/overview?range=")) reads.push(r.url());
    });
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    expect(await fundGemQueue(request)).toContain(queuedId);
    // The settlement job's round (5 s), then the overview's next read (15 s).
    const settled = { timeout: 3 * TEST_LIMITS.expectMs };
    await expect(page.getByTestId(`latest-${queuedId}`)).toContainText("Completed", settled);
    await expect(page.getByTestId("funding-GEM-DB")).toContainText("Covered", settled);
    expect(navigations).toBe(0);
    expect(reads.length).toBeGreaterThan(0);
  });

  test("a period in the address: today, 30 days or chosen days, each against the period before", async ({
    page,
  }) => {
    // Today against yesterday: yesterday's count is the chosen day's own count.
    await page.goto("/?range=today");
    const period = page.getByRole("navigation", { name: "Period" });
    await expect(period.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("range-label")).toHaveText("Today, compared with yesterday (UTC)");
    const day = await serverDay(page);
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const completed = page.getByTestId("outcome-completed");
    const yesterdays = await completed.getByTestId("previous").textContent();
    await page.goto(`/?range=custom&from=${yesterday}&to=${yesterday}`);
    await expect(completed.getByTestId("count")).toHaveText(yesterdays ?? "");

    await page.goto("/?range=30d");
    await expect(period.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("range-label")).toHaveText(
      "Last 30 days, compared with the 30 days before (UTC)",
    );

    // Chosen days through the form (it works without scripts): a month before the demo existed.
    await period.getByText("Custom").click();
    await period.getByLabel("From").fill("2020-01-01");
    await period.getByLabel("To").fill("2020-01-31");
    await period.getByRole("button", { name: "Show these days" }).click();
    await expect(page).toHaveURL(/\/\?range=custom&from=2020-01-01&to=2020-01-31$/);
    await expect(page.getByTestId("range-label")).toHaveText(
      "Jan 1, 2020 – Jan 31, 2020, compared with the 31 days before (UTC)",
    );
    await expect(completed.getByTestId("count")).toHaveText("0");
    await expect(page.getByText("Nothing awarded in this period")).toBeVisible();

    // A period that is none is said, and the last 7 days are shown instead.
    await page.goto("/?range=custom&from=2026-02-30&to=2026-03-01");
    await expect(page.getByTestId("range-problem")).toContainText("Enter the first day of the period (From)");
    await expect(period.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("range-label")).toHaveText(
      "Last 7 days, compared with the 7 days before (UTC)",
    );
  });

  test("counts an award whose answer was lost as 'outcome unknown'", async ({ page, browser, request }) => {
    const customerId = await knownPlayer(request, "e2e-overview-lost");
    const before = await readFigures(page);
    const name = "Starfall via lossy proxy (overview)";
    const connection = await addConnection(browser, name, PROXIED_BASE_URL);
    try {
      await page.goto("/awards/new");
      await chooseProject(page, name);
      await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "4" });
      expect((await request.post(`${PROXY_URL}/__drop-next-award`)).status()).toBe(204);
      await send(page);
      await expect(page.getByTestId("award-outcome")).toContainText("Outcome unknown");
      // The same project through another connection: the overview counts it too.
      const after = await readFigures(page);
      expect(after.unknown.today - before.unknown.today).toBe(1);
      expect(after.unknown.week - before.unknown.week).toBe(1);
      expect(after.completed.today).toBe(before.completed.today);
      // It may have been paid: it is not claimed as awarded.
      expect(after.gold).toBe(before.gold);
    } finally {
      await chooseProject(page, "Starfall Arena (demo)");
      await connection.remove();
    }
  });
});

test("every role lands on the overview; only the owner may fund; no serious accessibility violations", async ({
  browser,
}) => {
  for (const role of ["owner", "manager", "support"] as const) {
    const context = await browser.newContext({ storageState: storageState(role) });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^Overview · /);
    await expect(page.getByRole("heading", { level: 2, name: "Awards by outcome" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tokens awarded per day" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest awards" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Fund the wallet" })).toHaveCount(role === "owner" ? 1 : 0);
    // The wallet is the owner's and the manager's (wallet:read); support does not see it at all.
    await expect(page.getByRole("heading", { name: "Queue and funding gaps" })).toHaveCount(
      role === "support" ? 0 : 1,
    );
    if (role === "owner") {
      await page.getByRole("link", { name: "Fund the wallet" }).click();
      await expect(page).toHaveURL(/\/wallet#fund-heading$/);
      await page.goto("/");
    }
    await openTable(page);
    expect([role, await seriousViolationsInBothThemes(page)]).toEqual([role, { light: [], dark: [] }]);
    await context.close();
  }
});

test("the figures as a table, opened before the page's scripts ran, show once they have", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageState("manager") });
  const page = await context.newPage();
  // The page's scripts are held back, so the click below lands before React runs: the browser
  // opens the <details> itself, and React never hears that toggle (components/ui/disclosure.tsx).
  const held: Route[] = [];
  let holding = true;
  await page.route("**/_next/static/chunks/*.js", (route) => (holding ? held.push(route) : route.continue()));
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const summary = page.getByText("The figures as a table");
  await summary.click();
  await expect(page.locator("details", { has: summary })).toHaveJSProperty("open", true);
  await expect(page.getByTestId("tokens-table")).toHaveCount(0);
  expect(held.length).toBeGreaterThan(0);
  holding = false;
  for (const route of held) await route.continue();
  await expect(page.getByTestId("tokens-table")).toBeVisible();
  await context.close();
});

test("against a spec-only service it shows what it can and says what it cannot", async ({ browser }) => {
  const name = "Starfall, spec only (overview)";
  const connection = await addConnection(browser, name, SPEC_ONLY_BASE_URL);
  const { page } = connection;
  try {
    await page.goto("/");
    await chooseProject(page, name);
    await page.goto("/");
    await expect(page.getByTestId("funding-unavailable")).toContainText("implements the public spec only");
    await expect(page.getByRole("link", { name: "Fund the wallet" })).toHaveCount(0);
    // The trail's figures need no extension; awards such a service takes count as accepted.
    await expect(page.getByTestId("outcome-completed")).toBeVisible();
    await expect(page.getByTestId("outcome-accepted")).toBeVisible();
    await expect(page.getByText("does not say whether an award was paid or queued")).toBeVisible();
  } finally {
    await chooseProject(page, "Starfall Arena (demo)");
    await connection.remove();
  }
});
