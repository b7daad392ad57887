import type { ChangeFeed } from "./change-feed";

interface Entry<T> {
  generation: number;
  /** Good until this instant (ms since the epoch); Infinity until something changes. */
  until: number;
  value: Promise<T>;
  tags: readonly string[];
}

export interface Loaded<T> {
  value: T;
  /** When the value stops being true by itself (a price's validity starting or ending). */
  until?: number;
  /** Tags learnt from the load itself (e.g. a customer's row id), evicted like the key's own. */
  tags?: readonly string[];
  /** `false`: answer this request with the value but keep nothing (e.g. an unknown customer). */
  keep?: boolean;
}

/** How many recent tag evictions a load still in flight is checked against. */
export const EVICTION_LOG = 1024;

/**
 * Values built from the database, kept until the change feed hears of a change to the catalogue
 * (which drops everything: it changes rarely), until one of their tags is evicted (a customer's
 * balances changed), or until their own end of life. Concurrent misses of one key share one load.
 * Without a live feed nothing is kept: every get loads. The least recently used entry goes when the
 * cache is full.
 *
 * A tag evicted while a load of its entry is in flight makes that load's value unfit to keep: the
 * load may have read the database before the change. Tags learnt only from the load are checked
 * against a log of recent evictions for that reason.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTag = new Map<string, Set<string>>();
  private generation = -1;
  /**
   * Sequence number of the last tag eviction (or clear), and the recent ones' tags (null: a
   * clear) in a ring: eviction `seq` at `seq % EVICTION_LOG`. Every award evicts its player's tag,
   * so a log that shifted an array on each one cost about 2 % of the service's thread
   * (docs/benchmarks.md, "Service: AwardTokens throughput on PGlite").
   */
  private evictions = 0;
  private readonly evicted: (string | null)[] = new Array(EVICTION_LOG).fill(null);

  constructor(
    private readonly feed: ChangeFeed,
    private readonly now: () => number,
    /** 0 keeps nothing. */
    private readonly maxEntries = 256,
  ) {}

  /** `tags`: what the key is known by before loading (e.g. a project and customer ID). */
  async get(key: string, load: () => Promise<Loaded<T>>, tags: readonly string[] = []): Promise<T> {
    if (!this.feed.live || this.maxEntries === 0) return (await load()).value;
    if (this.generation !== this.feed.generation) {
      this.dropAll();
      this.generation = this.feed.generation;
    }
    const found = this.entries.get(key);
    if (found && found.generation === this.generation && this.now() < found.until) {
      // Most recently used last: the first in the map is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    if (found) this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.remove(oldest.value);
    }
    const generation = this.generation;
    const since = this.evictions;
    const value = load().then(
      (loaded) => {
        const learnt = loaded.tags ?? [];
        if (loaded.keep === false || this.evictedSince(since, learnt)) this.removeIf(key, entry);
        else {
          entry.until = loaded.until ?? Number.POSITIVE_INFINITY;
          if (this.entries.get(key) === entry) {
            entry.tags = [...entry.tags, ...learnt];
            for (const tag of learnt) this.index(tag, key);
          }
        }
        return loaded.value;
      },
      (error: unknown) => {
        this.removeIf(key, entry);
        throw error;
      },
    );
    const entry: Entry<T> = { generation, until: Number.POSITIVE_INFINITY, value, tags };
    this.entries.set(key, entry);
    for (const tag of tags) this.index(tag, key);
    return entry.value;
  }

  /** Drops every entry with this tag, and makes loads in flight that learn it keep nothing. */
  evictTag(tag: string): void {
    this.log(tag);
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  /** Drops every entry, and makes every load in flight keep nothing. */
  clear(): void {
    this.log(null);
    this.dropAll();
  }

  get size(): number {
    return this.entries.size;
  }

  private log(tag: string | null): void {
    this.evictions += 1;
    this.evicted[this.evictions % EVICTION_LOG] = tag;
  }

  /** Whether any of `tags` (or everything) was evicted after eviction number `since`. */
  private evictedSince(since: number, tags: readonly string[]): boolean {
    if (since === this.evictions) return false;
    // Older than the log reaches: assume the worst.
    if (this.evictions - since > EVICTION_LOG) return true;
    for (let seq = this.evictions; seq > since; seq -= 1) {
      const tag = this.evicted[seq % EVICTION_LOG] ?? null;
      if (tag === null || tags.includes(tag)) return true;
    }
    return false;
  }

  private index(tag: string, key: string): void {
    let keys = this.byTag.get(tag);
    if (!keys) {
      keys = new Set();
      this.byTag.set(tag, keys);
    }
    keys.add(key);
  }

  private removeIf(key: string, entry: Entry<T>): void {
    if (this.entries.get(key) === entry) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private dropAll(): void {
    this.entries.clear();
    this.byTag.clear();
  }
}
