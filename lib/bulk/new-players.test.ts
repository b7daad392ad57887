import { describe, expect, it } from "vitest";
import { ServiceCallError } from "@/lib/client/call-service";
import { findNewPlayers } from "./new-players";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `player-${i + 1}`);
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("finding a file's new players", () => {
  it("asks about each player once, at most 8 at a time, and answers the new ones in the given order", async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const result = await findNewPlayers(ids(100), async (id) => {
      asked.push(id);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
      return Number(id.slice(7)) % 10 === 0;
    });
    expect(most).toBe(8);
    expect(asked.sort()).toEqual(ids(100).sort());
    expect(result).toEqual({
      newPlayers: ["player-10", "player-20", "player-30", "player-40", "player-50"].concat([
        "player-60",
        "player-70",
        "player-80",
        "player-90",
        "player-100",
      ]),
      failure: null,
    });
  });

  it("waits out a 429 (its Retry-After) and asks again", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await findNewPlayers(
      ["player-1"],
      async () => {
        calls += 1;
        if (calls < 3)
          throw new ServiceCallError("Too many requests.", "refused", { status: 429, retryAfterSeconds: 2 });
        return true;
      },
      { wait: async (ms) => waits.push(ms) },
    );
    expect(waits).toEqual([2000, 2000]);
    expect(result).toEqual({ newPlayers: ["player-1"], failure: null });
  });

  it("a failed read stops the check and says which players were not checked and why, never 'not new'", async () => {
    const result = await findNewPlayers(
      ids(40),
      async (id) => {
        await tick();
        if (id === "player-5") throw new ServiceCallError("The service could not be reached.", "unreachable");
        return id === "player-1";
      },
      { concurrency: 2 },
    );
    expect(result.newPlayers).toEqual(["player-1"]);
    expect(result.failure?.message).toBe("The service could not be reached.");
    expect(result.failure?.unchecked).toContain("player-5");
    // Stopped early: a service that is down is not asked 40 times.
    expect(result.failure?.unchecked.length).toBeGreaterThanOrEqual(35);
  });

  it("lets a defect (not a service's answer) through", async () => {
    await expect(
      findNewPlayers(["p"], async () => {
        throw new TypeError("bug");
      }),
    ).rejects.toThrow("bug");
  });

  it("asks nothing for no players", async () => {
    expect(await findNewPlayers([], async () => true)).toEqual({ newPlayers: [], failure: null });
  });
});
