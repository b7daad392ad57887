import "server-only";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import type { TimelineEntry, TimelinePage } from "@/lib/model/player-timeline";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { checkCustomerId } from "@/lib/players/customer-id";
import { requireProject } from "@/lib/project/current-project";
import { readTimeline, TIMELINE_PAGE, TIMELINE_PAGE_MAX, timelineKinds } from "./timeline";

/** The asked-for player, by the console's one Customer ID rule, or the rule it breaks. */
function customerOf(raw: string): string {
  const checked = checkCustomerId(raw);
  if (!checked.ok) throw new UserFacingError(`Customer ID ${checked.problem}.`);
  return checked.id;
}

/** One page of a player's timeline for the live route (the player page fetches it after its first paint). */
export async function playerTimelinePage(
  user: Pick<ConsoleUser, "id">,
  query: { customer: string; kinds: string; cursor: string },
): Promise<TimelinePage> {
  const { connection } = await requireProject(user.id);
  return readTimeline(await consoleDb(), connection, customerOf(query.customer), {
    kinds: timelineKinds(query.kinds),
    cursor: query.cursor,
    limit: TIMELINE_PAGE,
  });
}

/**
 * Every entry of a player's timeline of these kinds, newest first, page after page (the CSV
 * export). The player, the kinds and the project are checked before the first entry is read, so
 * a refusal is an answer of its own, never a file cut short.
 */
export async function wholePlayerTimeline(
  user: Pick<ConsoleUser, "id">,
  query: { customer: string; kinds: string },
): Promise<AsyncIterable<TimelineEntry>> {
  const customerId = customerOf(query.customer);
  const kinds = timelineKinds(query.kinds);
  const { connection } = await requireProject(user.id);
  const db = await consoleDb();
  return (async function* () {
    let cursor = "";
    do {
      const page = await readTimeline(db, connection, customerId, {
        kinds,
        cursor,
        limit: TIMELINE_PAGE_MAX,
      });
      yield* page.entries;
      cursor = page.nextCursor;
    } while (cursor !== "");
  })();
}
