import { describe, expect, it } from "vitest";
import { type RetryTiming, retryDelay, withRetry } from "./transaction";

/** An error as node-postgres and PGlite raise it: the SQLSTATE in `code`, maybe on a cause. */
const sqlError = (code: string, wrapped = false) => {
  const error = Object.assign(new Error(`sqlstate ${code}`), { code });
  return wrapped ? new Error("query failed", { cause: error }) : error;
};

/** Records every wait instead of waiting; `random` returns the given numbers in turn. */
function fakeTiming(...randoms: number[]): RetryTiming & { waits: number[] } {
  const waits: number[] = [];
  let next = 0;
  return {
    waits,
    random: () => randoms[next++ % randoms.length] ?? 0,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

/** Work that fails with the given errors, one per call, then answers "done". */
function failing(...errors: Error[]) {
  let calls = 0;
  const work = async () => {
    calls += 1;
    if (calls <= errors.length) throw errors[calls - 1];
    return "done";
  };
  return { work, calls: () => calls };
}

describe("withRetry: deadlocks and serialization failures are retried after a jittered backoff", () => {
  it("waits a random part of an exponentially growing bound before each retry", async () => {
    const timing = fakeTiming(0.5);
    const { work, calls } = failing(sqlError("40P01"), sqlError("40001"), sqlError("40P01", true));
    await expect(withRetry(work, timing)).resolves.toBe("done");
    expect(calls()).toBe(4);
    expect(timing.waits).toEqual([2.5, 5, 10]); // half of 5, 10, 20 ms
  });

  it("draws each wait anew, so colliding transactions spread out", async () => {
    const timing = fakeTiming(0.1, 0.9, 0);
    const { work } = failing(sqlError("40001"), sqlError("40001"), sqlError("40001"));
    await withRetry(work, timing);
    expect(timing.waits).toEqual([0.5, 9, 0]);
  });

  it("caps the bound at 100 ms", () => {
    const almostOne = () => 0.999_999;
    expect(retryDelay(1, almostOne)).toBeLessThan(5);
    expect(retryDelay(5, almostOne)).toBeGreaterThan(79);
    expect(retryDelay(6, almostOne)).toBeLessThan(100);
    expect(retryDelay(30, almostOne)).toBeLessThan(100);
    expect(retryDelay(30, () => 0)).toBe(0);
  });

  it("gives up after 5 attempts with PostgreSQL's error", async () => {
    const timing = fakeTiming(1);
    const errors = Array.from({ length: 6 }, () => sqlError("40P01"));
    const { work, calls } = failing(...errors);
    await expect(withRetry(work, timing)).rejects.toBe(errors[4]);
    expect(calls()).toBe(5);
    expect(timing.waits).toHaveLength(4);
  });

  it("does not retry or wait on any other error", async () => {
    const timing = fakeTiming(0.5);
    const unique = sqlError("23505");
    const { work, calls } = failing(unique);
    await expect(withRetry(work, timing)).rejects.toBe(unique);
    expect(calls()).toBe(1);
    expect(timing.waits).toEqual([]);
  });
});
