import type { ServiceDb } from "../db/connection";
import { type AuthorizedProject, authorizeHash, hashApiKey } from "../domain/keys";
import type { ChangeFeed } from "./change-feed";

/** How long a key check is trusted without asking the database again (docs/service.md, "Identifiers and parameters": API keys). */
export const KEY_CHECK_TTL_MS = 500;
const MAX_KEYS = 10_000;

interface Checked {
  project: AuthorizedProject;
  generation: number;
  at: number;
}

/**
 * The key check without a database round trip on the hot path: a live key's project, kept for at
 * most KEY_CHECK_TTL_MS and dropped at once when the change feed hears of any change (a key
 * revoked or deleted, a catalogue replaced — the project's catalogue version rides along). So a
 * revoked key is refused by every instance as soon as its notification arrives, and within
 * KEY_CHECK_TTL_MS even if it were lost; with the feed not live every request asks the database.
 * Only live keys are kept: a refused key asks again next time (a key issued later works at once).
 */
export class KeyCache {
  private readonly checked = new Map<string, Checked>();

  constructor(
    private readonly db: ServiceDb,
    private readonly feed: ChangeFeed,
    private readonly ttlMs = KEY_CHECK_TTL_MS,
  ) {}

  /**
   * `fresh`: ask the database whatever is kept. Writes do: a notification reaches another
   * instance a moment after its commit, and an award must never be decided on a revoked key or
   * resolve its token lines against the catalogue version before an import.
   */
  async authorize(key: string, projectGuid: string, fresh = false): Promise<AuthorizedProject | null> {
    const hash = hashApiKey(key);
    const id = `${hash.toString("hex")} ${projectGuid.toLowerCase()}`;
    const found = this.checked.get(id);
    const now = performance.now();
    if (
      !fresh &&
      found &&
      this.feed.live &&
      found.generation === this.feed.generation &&
      now - found.at < this.ttlMs
    )
      return found.project;
    // The generation before the read: a change heard while it runs makes the result stale.
    const generation = this.feed.generation;
    const project = await authorizeHash(this.db, hash, projectGuid);
    if (!project) {
      this.checked.delete(id);
      return null;
    }
    if (this.checked.size >= MAX_KEYS) this.checked.clear();
    this.checked.set(id, { project, generation, at: now });
    return project;
  }
}
