import { TEST_LIMITS } from "../testing/test-limits";
import { answers } from "../testing/wait-until-answers";

/**
 * Playwright's global setup: waits until every program playwright.config.ts started together
 * (E2E_SERVER_URLS) answers, as Playwright waits for a web server's URL — an answer below 404 —
 * within the limit for starting a program (testing/test-limits.ts). One that never answers fails
 * the run naming it; its own output is printed above (the web servers' stderr is piped).
 */
export default async function serversUp(): Promise<void> {
  const pending = new Set<string>(JSON.parse(process.env.E2E_SERVER_URLS ?? "[]"));
  const deadline = Date.now() + TEST_LIMITS.startMs;
  for (;;) {
    const up = await Promise.all([...pending].map(async (url) => ((await answers(url)) ? url : null)));
    for (const url of up) if (url) pending.delete(url);
    if (pending.size === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `Not answering after ${TEST_LIMITS.startMs / 1000} s: ${[...pending].join(", ")} (its output is above).`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
