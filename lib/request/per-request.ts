import "server-only";
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { headers } from "next/headers";
import { after } from "next/server";

/**
 * The request context (docs/console.md, "One request context"): what every page, layout,
 * server action and route handler of one HTTP request needs about its person and project — the
 * session and user, the connections, the chosen one and its decrypted key — is worked out once
 * per request and shared by all of them, whoever asks first.
 *
 * The request is Next's own: `headers()` hands every part of one request (the action, the page
 * rendered after it, each streamed part, a route handler) the same object, so it keys what was
 * worked out. Outside a request (the background jobs, tests, the CLI) nothing is kept: each call
 * does its work. React's `cache()` would do for pages only: it keeps nothing in server actions
 * and route handlers.
 */

type Memo = Map<string, Promise<unknown>>;
/** Each request's memo, or "ended" once its response was sent. */
const REQUESTS = new WeakMap<object, Memo | "ended">();

/**
 * The memo of the request being answered; null outside a request and after its response was sent.
 * Work a request started may go on after it (a bulk batch's sender, started by the action that
 * sent the file, runs for minutes in the action's async context): it must read afresh, or it
 * would keep a key that was rolled and revoked meanwhile. So the memo ends with the response
 * (Next's `after`).
 */
async function memoOfRequest(): Promise<Memo | null> {
  let request: object;
  try {
    request = await headers();
  } catch {
    return null; // Not in a request.
  }
  const known = REQUESTS.get(request);
  if (known === "ended") return null;
  if (known) return known;
  try {
    after(() => {
      REQUESTS.set(request, "ended");
    });
  } catch {
    return null; // A part of a request that cannot see its end: keep nothing.
  }
  const memo: Memo = new Map();
  REQUESTS.set(request, memo);
  return memo;
}

/**
 * `work()` once per request under `key` (its answer shared by every later call of the request;
 * a failure is not kept, so a later call tries again). Keys are `kind:detail`, e.g.
 * `connection:db:4`, so a write can forget one kind (`forgetInRequest("connection")`).
 */
export async function oncePerRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  const memo = await memoOfRequest();
  if (!memo) return work();
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  const answer = work();
  memo.set(key, answer);
  answer.catch(() => {
    if (memo.get(key) === answer) memo.delete(key);
  });
  return answer;
}

/**
 * Records what `oncePerRequest(key, …)` answers for the rest of the request, unless it was worked
 * out already: a read that came with another statement (the connections and the person's choice
 * come with the sign-in's, lib/auth/sessions.ts). A later `forgetInRequest` drops it like any other.
 */
export async function seedInRequest<T>(key: string, value: T): Promise<void> {
  const memo = await memoOfRequest();
  if (memo && !memo.has(key)) memo.set(key, Promise.resolve(value));
}

/**
 * Drops what this request worked out under keys of `kind`, after the request changed it itself
 * (an action that switched the project, ended a session, confirmed a second factor), so what it
 * renders next reads it again.
 */
export async function forgetInRequest(kind: string): Promise<void> {
  const memo = await memoOfRequest();
  if (!memo) return;
  for (const key of memo.keys()) if (key === kind || key.startsWith(`${kind}:`)) memo.delete(key);
}

/**
 * The work a request does once, as counted (see countInRequest): the request context's own, the
 * approvals-waiting count and the project's token list (GET Tokens) that the shell and the
 * overview share; and each statement sent to the console's database, which may be many.
 */
export type CountedWork =
  | "sign-in lookup"
  | "connections list"
  | "key decrypt"
  | "approvals count"
  | "tokens list"
  | "statement";

/**
 * For the test that shows the context works (e2e/request-context.spec.ts): with
 * CONSOLE_CALL_COUNTS_FILE set, each counted piece of work appends a line naming its request and
 * path. Off (the default) it costs one look at the environment.
 */
export async function countInRequest(work: CountedWork): Promise<void> {
  const file = process.env.CONSOLE_CALL_COUNTS_FILE;
  if (!file) return;
  const memo = await memoOfRequest();
  if (!memo) return;
  const id = (await oncePerRequest("count:id", async () => randomUUID())) as string;
  // The page's path as proxy.ts names it (lib/auth/return-path.ts, REQUESTED_PATH_HEADER); none
  // for route handlers, whose path the test knows.
  const asked = (await headers()).get("x-console-requested-path") ?? "";
  appendFileSync(file, `${JSON.stringify({ request: id, path: asked, work })}\n`);
}
