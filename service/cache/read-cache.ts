import type { ChangeFeed } from "./change-feed";

interface Entry<T> {
  generation: number;
  /** Good until this instant (ms since the epoch); Infinity until something changes. */
  until: number;
  value: Promise<T>;
}

export interface Loaded<T> {
  value: T;
  /** When the value stops being true by itself (a price's validity starting or ending). */
  until?: number;
}

/**
 * Values built from the database, kept until the change feed hears of a change (any change: the
 * catalogue changes rarely, so dropping everything then is cheap) or until their own end of life.
 * Concurrent misses of one key share one load. Without a live feed nothing is kept: every get
 * loads. The oldest entry goes when the cache is full.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = -1;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly now: () => number,
    private readonly maxEntries = 256,
  ) {}

  async get(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.feed.live) return (await load()).value;
    if (this.generation !== this.feed.generation) {
      this.entries.clear();
      this.generation = this.feed.generation;
    }
    const found = this.entries.get(key);
    if (found && found.generation === this.generation && this.now() < found.until) return found.value;
    if (found) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const generation = this.generation;
    const value = load().then(
      (loaded) => {
        entry.until = loaded.until ?? Number.POSITIVE_INFINITY;
        return loaded.value;
      },
      (error: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    const entry: Entry<T> = { generation, until: Number.POSITIVE_INFINITY, value };
    this.entries.set(key, entry);
    return entry.value;
  }
}
