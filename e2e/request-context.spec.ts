import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { CONSOLE_PAGES } from "./console-pages";
import { addConnection } from "./owner-connection";
import { CALL_COUNTS_FILE, SERVICE_BASE_URL } from "./servers";

/**
 * One request context (docs/console.md, "One request context"): whatever a request is — a
 * page with its layout and streamed parts, a live route, a server action and the page it renders
 * after — the session is looked up once, the connections listed once and the project's key
 * decrypted at most once. The console counts each of those per request into CALL_COUNTS_FILE
 * (lib/request/per-request.ts); this spec opens every page of the console's page list as an owner
 * on a stored connection (whose key is sealed), asks the live routes, runs two actions, and reads
 * the counts.
 */

interface Counted {
  request: string;
  path: string;
  work:
    | "sign-in lookup"
    | "connections list"
    | "key decrypt"
    | "approvals count"
    | "tokens list"
    | "statement";
}

/**
 * The most statements one answer of the overview may send to the console's database on a stored
 * connection: the session with its settings, time zone, the connections and the person's choice
 * in one; the chosen key; the approvals waiting; and the trail's figures in one (15 before issue
 * 26's pass on it: the settings, the time zone, the connections, the choice and the approvals
 * count apart, one count per batch, a count of all awards, the wallet queue's trail rows).
 */
const OVERVIEW_STATEMENTS = 4;

const counted = (): Counted[] =>
  readFileSync(CALL_COUNTS_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Counted);

test("every page, live route and action looks the session up once, lists connections once, decrypts the key at most once, counts the approvals waiting and lists the tokens at most once", async ({
  browser,
}) => {
  const name = "Starfall, counted";
  const connection = await addConnection(browser, name, SERVICE_BASE_URL);
  const { page } = connection;
  const project = page.getByLabel("Project", { exact: true });
  try {
    await project.selectOption({ label: name });
    await expect(project).toHaveValue(/^db:/);
    await expect(project).toBeEnabled();
    writeFileSync(CALL_COUNTS_FILE, "");

    for (const { path } of CONSOLE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Streamed parts (the overview's figures) have arrived.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    }
    for (const route of ["/api/overview", "/api/wallet", "/api/player?customer=player-1001"]) {
      const answer = await page.request.get(route);
      expect(answer.status(), route).toBe(200);
    }
    // Two actions: one that reads the project's key (Test connection, from the connection's row)
    // and one that changes what the person works on (the project switcher), each with the page
    // it renders after.
    await page.goto("/settings/connections");
    const row = page.getByTestId(`connection-${name}`);
    await row.getByRole("button", { name: `Test connection ${name}` }).click();
    await expect(row.getByRole("status")).toHaveText(/^Connected/);
    await project.selectOption({ label: "Starfall Arena (demo)" });
    await expect(project).toHaveValue("env");
    await expect(project).toBeEnabled();

    const counts = new Map<string, number>();
    const paths = new Map<string, string>();
    const statements = new Map<string, number>();
    for (const { request, path, work } of counted()) {
      if (path) paths.set(request, path);
      if (work === "statement") {
        statements.set(request, (statements.get(request) ?? 0) + 1);
        continue;
      }
      const key = `${request} ${work}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const twice = [...counts]
      .filter(([, n]) => n > 1)
      .map(
        ([key, n]) =>
          `${paths.get(key.split(" ")[0] as string) ?? "a route or action"}: ${key.slice(37)} ×${n}`,
      );
    expect(twice).toEqual([]);

    // The overview (the shell and its figures) asks the console's database a handful of
    // statements, not one per batch or per part that wants the same thing.
    const overview = [...statements].filter(([request]) => paths.get(request) === "/").map(([, n]) => n);
    expect(overview.length).toBeGreaterThan(0);
    expect(Math.max(...overview), `statements per answer of /: ${overview.join(", ")}`).toBeLessThanOrEqual(
      OVERVIEW_STATEMENTS,
    );

    // The counts are real: every page looked its session up, and the pages that read the
    // service opened the stored connection's key.
    const requests = (work: Counted["work"]) =>
      new Set(
        counted()
          .filter((c) => c.work === work)
          .map((c) => c.request),
      ).size;
    expect(requests("sign-in lookup")).toBeGreaterThanOrEqual(CONSOLE_PAGES.length + 3);
    expect(requests("connections list")).toBeGreaterThanOrEqual(CONSOLE_PAGES.length);
    expect(requests("key decrypt")).toBeGreaterThanOrEqual(10);
  } finally {
    await project.selectOption({ label: "Starfall Arena (demo)" });
    await expect(project).toHaveValue("env");
    await expect(project).toBeEnabled();
    await connection.remove();
  }
});
