import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { ServiceCallError } from "@/lib/client/call-service";

/** Players asked about at once: a file holds up to 10,000, each costs two reads (tokens, items). */
export const NEW_PLAYER_CONCURRENCY = 8;
/** How often one player is asked again after a 429 before the check gives up. */
const MAX_RATE_LIMITED = 5;

export interface NewPlayerCheck {
  /** Players the service knows nothing of (no tokens, no items), in the order they were given. */
  newPlayers: string[];
  /**
   * Set when the service could not be asked about every player: how many were left unchecked
   * and the service's answer. Those players may be new; sending needs the same confirmation.
   */
  failure: { unchecked: string[]; message: string } | null;
}

export interface NewPlayerOptions {
  concurrency?: number;
  /** Waits out a 429 (tests pass one that does not sleep). */
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Asks the service about each distinct player of a file, at most `concurrency` at a time. A 429
 * is waited out (its Retry-After, else one second) and the player asked again; any other
 * failure stops the check — a service that is down would otherwise be asked thousands of times
 * — and the players not yet answered are reported as unchecked with the service's message, so
 * a failed read is never taken for "not new" (docs/console.md, "Bulk awards").
 */
export async function findNewPlayers(
  customerIds: readonly string[],
  isNew: (customerId: string) => Promise<boolean>,
  { concurrency = NEW_PLAYER_CONCURRENCY, wait = sleep }: NewPlayerOptions = {},
): Promise<NewPlayerCheck> {
  const answers = new Map<string, boolean>();
  let failure: string | null = null;
  // Not a service's answer but a defect: stop, and let the action's wrapper log it.
  let defect: unknown = null;
  let next = 0;

  async function ask(customerId: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await isNew(customerId);
      } catch (error) {
        const limited = error instanceof ServiceCallError && error.status === 429;
        if (!limited || attempt >= MAX_RATE_LIMITED) throw error;
        await wait((error.retryAfterSeconds ?? 1) * 1000);
      }
    }
  }

  async function worker(): Promise<void> {
    while (failure === null && defect === null && next < customerIds.length) {
      const customerId = customerIds[next] as string;
      next += 1;
      try {
        answers.set(customerId, await ask(customerId));
      } catch (error) {
        if (error instanceof ServiceCallError) failure ??= error.message;
        else defect ??= error;
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, customerIds.length)) }, worker));
  if (defect !== null) throw defect;
  return {
    newPlayers: customerIds.filter((id) => answers.get(id) === true),
    failure:
      failure === null ? null : { unchecked: customerIds.filter((id) => !answers.has(id)), message: failure },
  };
}
