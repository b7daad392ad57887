import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "./change-feed";
import { EVICTION_LOG, type Loaded, ReadCache } from "./read-cache";

/** A feed the test drives: live, with a generation it bumps. */
function testFeed(): ChangeFeed & { generation: number; live: boolean } {
  return { generation: 0, live: true, onCustomerChange: () => {}, close: async () => {} };
}

/** A load the test resolves when it wants, counting how often it ran. */
function deferredLoads() {
  const pending: ((loaded: Loaded<string>) => void)[] = [];
  let runs = 0;
  return {
    load: () =>
      new Promise<Loaded<string>>((resolve) => {
        runs += 1;
        pending.push(resolve);
      }),
    resolveNext: (loaded: Loaded<string>) => pending.shift()?.(loaded),
    get runs() {
      return runs;
    },
  };
}

const now = () => 0;

describe("ReadCache tags", () => {
  it("keeps a value until one of its tags is evicted, known before or learnt by the load", async () => {
    const cache = new ReadCache<string>(testFeed(), now);
    let runs = 0;
    const load = async (): Promise<Loaded<string>> => ({ value: `v${++runs}`, tags: ["row 7"] });
    expect(await cache.get("k", load, ["player a"])).toBe("v1");
    expect(await cache.get("k", load, ["player a"])).toBe("v1");
    cache.evictTag("player b");
    expect(await cache.get("k", load, ["player a"])).toBe("v1");
    cache.evictTag("player a");
    expect(await cache.get("k", load, ["player a"])).toBe("v2");
    cache.evictTag("row 7");
    expect(await cache.get("k", load, ["player a"])).toBe("v3");
    expect(runs).toBe(3);
  });

  it("keep: false answers with the value and keeps nothing", async () => {
    const cache = new ReadCache<string>(testFeed(), now);
    let runs = 0;
    const load = async (): Promise<Loaded<string>> => ({ value: `v${++runs}`, keep: false });
    expect(await cache.get("k", load)).toBe("v1");
    expect(await cache.get("k", load)).toBe("v2");
    expect(cache.size).toBe(0);
  });

  it("a tag evicted while its load is in flight: the value answers the waiting request, nothing is kept", async () => {
    const cache = new ReadCache<string>(testFeed(), now);
    const loads = deferredLoads();
    // Learnt tag: the eviction reaches the load only through the log of evictions.
    const first = cache.get("k", loads.load);
    cache.evictTag("row 7");
    loads.resolveNext({ value: "before the change", tags: ["row 7"] });
    expect(await first).toBe("before the change");
    const second = cache.get("k", loads.load);
    loads.resolveNext({ value: "after the change", tags: ["row 7"] });
    expect(await second).toBe("after the change");
    expect(await cache.get("k", loads.load)).toBe("after the change");
    expect(loads.runs).toBe(2);

    // Known tag: the eviction drops the entry in flight; a request after it loads anew.
    const third = cache.get("j", loads.load, ["player a"]);
    cache.evictTag("player a");
    const fourth = cache.get("j", loads.load, ["player a"]);
    loads.resolveNext({ value: "old", tags: [] });
    loads.resolveNext({ value: "new", tags: [] });
    expect(await third).toBe("old");
    expect(await fourth).toBe("new");
    expect(await cache.get("j", loads.load, ["player a"])).toBe("new");
    expect(loads.runs).toBe(4);
  });

  it("an eviction of another tag in flight does not stop the value being kept", async () => {
    const cache = new ReadCache<string>(testFeed(), now);
    const loads = deferredLoads();
    const first = cache.get("k", loads.load);
    cache.evictTag("row 8");
    loads.resolveNext({ value: "v", tags: ["row 7"] });
    expect(await first).toBe("v");
    expect(await cache.get("k", loads.load)).toBe("v");
    expect(loads.runs).toBe(1);
  });

  it("a load in flight is checked against the last EVICTION_LOG evictions, and keeps nothing when more happened", async () => {
    const keptAfter = async (evictions: string[]) => {
      const cache = new ReadCache<string>(testFeed(), now);
      const loads = deferredLoads();
      const first = cache.get("k", loads.load);
      for (const tag of evictions) cache.evictTag(tag);
      loads.resolveNext({ value: "v", tags: ["row 7"] });
      await first;
      // A second read loads again (synchronously counted) unless the value was kept.
      void cache.get("k", loads.load);
      return loads.runs === 1;
    };
    const others = (n: number) => Array.from({ length: n }, (_, i) => `row ${1000 + i}`);
    // As many evictions of other tags as the log holds: all seen, none of them its own.
    expect(await keptAfter(others(EVICTION_LOG))).toBe(true);
    // Its own tag, then as many others as leave it the oldest the log still holds.
    expect(await keptAfter(["row 7", ...others(EVICTION_LOG - 1)])).toBe(false);
    // One more than the log holds: what was evicted first is out of reach, so nothing is kept.
    expect(await keptAfter(others(EVICTION_LOG + 1))).toBe(false);
  });

  it("clear() drops everything and what is in flight; a catalogue change (generation) drops everything", async () => {
    const feed = testFeed();
    const cache = new ReadCache<string>(feed, now);
    const loads = deferredLoads();
    const first = cache.get("k", loads.load);
    cache.clear();
    loads.resolveNext({ value: "v1", tags: ["row 1"] });
    await first;
    const second = cache.get("k", loads.load);
    loads.resolveNext({ value: "v2", tags: ["row 1"] });
    expect(await second).toBe("v2");
    expect(await cache.get("k", loads.load)).toBe("v2");
    feed.generation += 1;
    const third = cache.get("k", loads.load);
    loads.resolveNext({ value: "v3" });
    expect(await third).toBe("v3");
    expect(loads.runs).toBe(3);
  });

  it("full: the least recently read entry goes, and its tags with it", async () => {
    const cache = new ReadCache<string>(testFeed(), now, 2);
    const load = (value: string) => async (): Promise<Loaded<string>> => ({ value, tags: [`row ${value}`] });
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("a", load("a2")); // a read again: b is now the least recent
    await cache.get("c", load("c"));
    expect(cache.size).toBe(2);
    expect(await cache.get("a", load("a3"))).toBe("a");
    expect(await cache.get("b", load("b2"))).toBe("b2");
    cache.evictTag("row c"); // c went with its tag: nothing to drop
    expect(cache.size).toBe(2);
    cache.evictTag("row b2");
    expect(cache.size).toBe(1);
    expect(await cache.get("a", load("a4"))).toBe("a");
  });

  it("with room for none, nothing is kept", async () => {
    const cache = new ReadCache<string>(testFeed(), now, 0);
    let runs = 0;
    const load = async (): Promise<Loaded<string>> => ({ value: `v${++runs}` });
    await cache.get("k", load);
    expect(await cache.get("k", load)).toBe("v2");
    expect(cache.size).toBe(0);
  });

  it("without a live feed nothing is kept", async () => {
    const feed = testFeed();
    feed.live = false;
    const cache = new ReadCache<string>(feed, now);
    let runs = 0;
    const load = async (): Promise<Loaded<string>> => ({ value: `v${++runs}` });
    await cache.get("k", load);
    await cache.get("k", load);
    expect(runs).toBe(2);
  });
});
