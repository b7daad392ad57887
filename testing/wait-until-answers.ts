import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { TEST_LIMITS } from "./test-limits";

/**
 * Waiting for a program that was just started to answer at its URL, in one place for the
 * browser tests' global set-up, the screenshots and the benchmarks. "Answers" is Playwright's
 * rule for a web server: a status from 200 to 403, redirects not followed.
 */

export interface WaitOptions {
  /** What answers there, for messages: "the demo", "the test proxy". */
  what: string;
  /** The program that was started: its exit ends the wait at once, naming its exit code. */
  program?: ChildProcess | null;
  /** How long to wait, in ms (testing/test-limits.ts; default: the limit for starting a program). */
  within?: number;
}

/** Whether `url` answers now (one request, at most 5 s). */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 404;
  } catch {
    return false;
  }
}

/** Resolves once `url` answers; throws naming `what` if the program exits or the limit passes. */
export async function waitUntilAnswers(url: string, options: WaitOptions): Promise<void> {
  const within = options.within ?? TEST_LIMITS.startMs;
  const deadline = Date.now() + within;
  for (;;) {
    const { program } = options;
    if (program && (program.exitCode !== null || program.signalCode !== null))
      throw new Error(
        `${options.what} exited (${program.exitCode ?? program.signalCode}) before ${url} answered`,
      );
    if (await answers(url)) return;
    if (Date.now() > deadline)
      throw new Error(`${options.what} did not answer ${url} within ${within / 1000} s`);
    await sleep(250);
  }
}
