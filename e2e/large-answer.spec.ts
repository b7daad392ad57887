import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { addConnection } from "./owner-connection";
import { PROXY_URL } from "./servers";
import { expectSignInsKeepPace } from "./sign-in-pace";

/** The demo project behind scripts/e2e/test-proxy.ts, whose Wallet answers 15 MiB (under its 16 MB cap). */
const LARGE_BASE_URL = `${PROXY_URL}/large/api/public`;

test("while the console reads a 15 MiB answer, other people's sign-in pages still answer at once", async ({
  browser,
}) => {
  const name = "Starfall, answers a lot";
  const connection = await addConnection(browser, name, LARGE_BASE_URL);
  const { page } = connection;
  const row = page.getByTestId(`connection-${name}`);
  try {
    // The owner tests the connection three times: each test reads the 15 MiB Wallet answer whole
    // (docs/console.md, "Answers the console refuses").
    const said = await expectSignInsKeepPace(async () => {
      for (let round = 0; round < 3; round++) {
        const answered = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && response.url().includes("/settings/connections"),
          { timeout: 2 * TEST_LIMITS.expectMs },
        );
        await row.getByRole("button", { name: `Test connection ${name}` }).click();
        await answered;
        await expect(row.getByRole("status")).toHaveText(/^Connected: the project has 3 tokens/, {
          timeout: TEST_LIMITS.expectMs,
        });
      }
    });
    test.info().annotations.push({ type: "sign-in p95", description: said });
  } finally {
    await connection.remove();
  }
});
