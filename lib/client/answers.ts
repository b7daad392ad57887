import { awards } from "@/lib/contract/awards";
import { catalogue } from "@/lib/contract/catalogue";
import { customerSearch } from "@/lib/contract/customer-search";
import { holdings } from "@/lib/contract/holdings";
import { keys } from "@/lib/contract/keys";
import { requestLog } from "@/lib/contract/request-log";
import { webhooks } from "@/lib/contract/webhooks";

// No "server-only" marker here: the worker thread that reads large answers (answer-worker.ts)
// loads this table outside React's server environment, where the marker throws. It holds no
// secret, only caps and schemas.

/** How much of an answer the console reads for one kind of call, and what to call it in a message. */
export interface AnswerLimit {
  /** Bytes of the body as it arrives, after any Content-Encoding is undone. */
  bytes: number;
  /** Names the call in the error, e.g. "a Products list". */
  what: string;
}

const MB = 1_000_000;

/**
 * Every kind of answer the console reads, in one table: the most it reads of one (its cap), what
 * to call it, and the contract schema that checks it. The worker that parses large answers finds
 * the schema here by the kind's name (a schema cannot be sent to a thread).
 *
 * Every answer is held whole, then parsed losslessly and checked; that costs about 22 times its
 * size in memory (a 32 MB Products answer took ~700 MB of heap and 3.3 s to parse and check), so
 * an unbounded answer from any connected service — or anything at its address — could make the
 * console run out of memory. Each cap is set well above what a spec-conformant answer of a large
 * project is (docs/console.md, "Answers the console refuses"), and no higher than a page needs:
 * - catalogue (Products, Prices): 32 MB. A product in 10 languages with a paragraph of
 *   description in each is ~6 KB, so 32 MB holds ~5,000 of them; a price carries the products it
 *   sells, so Prices is about the same size again.
 * - project Tokens: 1 MB. A token is its symbol, name and a contract per chain (~300 bytes with
 *   three chains): ~3,000 of them, where a game has a handful. Many pages and Test connection read
 *   it, so it stays on the fast path (call-service.ts, IN_THREAD_BYTES).
 * - player (a customer's tokens and items): 16 MB — ~10,000 items with 20 attributes each
 *   (~1.4 KB an item). One item by TokenID: 1 MB, hundreds of times one item.
 * - wallet (balances and the whole queue): 16 MB — ~50,000 queued awards of one line.
 * - fund (FundWallet): 4 MB — `Settled` lists the RequestID (39 bytes) of every award the
 *   funding settled, so ~100,000 of them.
 * - award (AwardTokens, and one award's record from GET /Awards, at most 100 lines): 1 MB — the
 *   answer is an envelope and a status, the record a few KB.
 * - reverse (ReverseAward): 4 MB, as a funding — `Settled` lists every queued award the returned
 *   tokens let settle.
 * - keys: the list 4 MB (a few keys per game server and their rolled predecessors, at most 100
 *   caps each: thousands), one key's answer 1 MB.
 * - customer search (Customers): a page is at most 50 customers with the wallets that matched:
 *   1 MB holds it many times over.
 * - request log: a page is at most 200 entries of a few hundred bytes, the error groups one per
 *   route, status and message: 4 MB holds either many times over.
 * - webhooks: the endpoints (at most 20, each with its thresholds) and one endpoint's answers
 *   1 MB; a page of deliveries is at most 100, each with its body (a few KB) and every attempt
 *   (about 20 over 3 days, each with 500 characters of the answer): 16 MB.
 * "Test connection" reads what the pages read (Tokens, Wallet) with the same caps, so it reports
 * what the pages will meet.
 */
export const ANSWERS = {
  catalogueProducts: { bytes: 32 * MB, what: "a Products list", schema: catalogue.accept.ProductsResponse },
  cataloguePrices: { bytes: 32 * MB, what: "a Prices list", schema: catalogue.accept.PricesResponse },
  catalogueTokens: {
    bytes: 1 * MB,
    what: "a project Tokens list",
    schema: catalogue.accept.ProjectTokensResponse,
  },
  customerTokens: {
    bytes: 16 * MB,
    what: "a player's Tokens",
    schema: holdings.accept.CustomerTokensResponse,
  },
  customerItems: { bytes: 16 * MB, what: "a player's Items", schema: holdings.accept.ItemsResponse },
  item: { bytes: 1 * MB, what: "an Item", schema: holdings.accept.ItemsResponse },
  wallet: { bytes: 16 * MB, what: "the project Wallet", schema: awards.accept.WalletResponse },
  fund: { bytes: 4 * MB, what: "FundWallet", schema: awards.accept.FundWalletResponse },
  award: { bytes: 1 * MB, what: "AwardTokens", schema: awards.accept.AwardTokensResponse },
  awardRecord: { bytes: 1 * MB, what: "an award's record (Awards)", schema: awards.accept.AwardResponse },
  reverse: { bytes: 4 * MB, what: "ReverseAward", schema: awards.accept.ReverseAwardResponse },
  keysList: { bytes: 4 * MB, what: "the project's Keys", schema: keys.accept.KeysResponse },
  keySecret: { bytes: 1 * MB, what: "a key's answer (Keys)", schema: keys.accept.KeySecretResponse },
  key: { bytes: 1 * MB, what: "a key's answer (Keys)", schema: keys.accept.KeyResponse },
  requestLogPage: {
    bytes: 4 * MB,
    what: "a page of the request log (Requests)",
    schema: requestLog.accept.RequestLogResponse,
  },
  requestErrors: {
    bytes: 4 * MB,
    what: "the request log's errors (Requests/Errors)",
    schema: requestLog.accept.RequestErrorsResponse,
  },
  customerSearch: {
    bytes: 1 * MB,
    what: "a customer search (Customers)",
    schema: customerSearch.accept.CustomerSearchResponse,
  },
  webhooksList: { bytes: 1 * MB, what: "the project's Webhooks", schema: webhooks.accept.WebhooksResponse },
  webhookSecret: {
    bytes: 1 * MB,
    what: "an endpoint's answer (Webhooks)",
    schema: webhooks.accept.WebhookSecretResponse,
  },
  webhook: {
    bytes: 1 * MB,
    what: "an endpoint's answer (Webhooks)",
    schema: webhooks.accept.WebhookResponse,
  },
  webhookDeleted: {
    bytes: 1 * MB,
    what: "an endpoint's answer (Webhooks/Delete)",
    schema: webhooks.accept.WebhookDeletedResponse,
  },
  webhookQueued: {
    bytes: 1 * MB,
    what: "a replay's answer (Webhooks)",
    schema: webhooks.accept.WebhookQueuedResponse,
  },
  webhookDeliveries: {
    bytes: 16 * MB,
    what: "a page of webhook deliveries (Webhooks/Deliveries)",
    schema: webhooks.accept.WebhookDeliveriesResponse,
  },
} as const satisfies Record<string, AnswerLimit & { schema: unknown }>;

export type AnswerKind = keyof typeof ANSWERS;

export function isAnswerKind(name: string): name is AnswerKind {
  return Object.hasOwn(ANSWERS, name);
}

export function megabytes(bytes: number): string {
  return `${Number((bytes / MB).toFixed(1))} MB`;
}
