import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPBACK_SERVICES, serviceCallFailure } from "@/testing/service-client";
import { ReaderFailure, readInWorker } from "./answer-readers";
import type { ServiceCallError } from "./call-service";
import { listPrices, listProducts } from "./catalogue";

/**
 * A large answer that is under its cap must not stop the console for everyone else: the parse
 * and the contract check of a 29 MiB answer took the main thread for seconds, so other people's
 * sign-ins waited behind it (issue 25). The client parses and checks such an answer in a worker
 * thread and hands it back in pieces, so the event loop keeps turning, and the work counts against
 * the call's time limit. These tests answer from a real node:http server and watch the event loop
 * of the thread the client runs on.
 */

const KEY = "gcc_test_key_0123456789abcdef0123456789abcdef";
const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const PRODUCT = JSON.stringify({
  Guid: PROJECT,
  IsUnlimited: false,
  Amount: "1",
  ImageUrl: "https://cdn.example.com/p.png",
  Type: "2",
  Languages: [{ en: [{ Value: "A product of a large catalogue", Type: "Title" }] }],
});
/** A Products answer of `count` products, and an extra (unknown, allowed) field. */
function productsAnswer(count: number): string {
  return `{"isError":"0","Error":"","Data":{"Types":[{"value":"2","name":"Item"}],"Products":[${Array(count).fill(PRODUCT).join(",")}]}}`;
}
const COUNT = Math.floor((29 * 1024 * 1024) / (PRODUCT.length + 1));
/** 29 MiB: a Products answer under its 32 MB cap. */
const LARGE = Buffer.from(productsAnswer(COUNT));
/** 3 MB: over the size parsed on the request's thread, quick to read even on a busy machine. */
const MEDIUM_COUNT = Math.floor(3_000_000 / (PRODUCT.length + 1));
const MEDIUM = productsAnswer(MEDIUM_COUNT);
/**
 * The longest the event loop may stall while the client reads an answer: what another person's
 * sign-in may wait at most (issue 25 asks for a p95 under 1 s). Before the fix the parse and check
 * took it in one piece for 2.3 s on an idle machine and 11 s on this one under load; in pieces the
 * longest stall is tens of milliseconds idle, and stayed near 400 ms with the machine's two cores
 * shared by ~25 busy processes (scheduling, garbage collection).
 */
const LONGEST_STALL_MS = 1_000;

let server: Server;
let base = "";
let body: Buffer = LARGE;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const connection = () => ({ baseUrl: base, projectGuid: PROJECT, apiKey: KEY, addresses: LOOPBACK_SERVICES });

/** Runs `work` and reports the longest the event loop was blocked meanwhile, in milliseconds. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    // A stall is recorded when the monitor's timer fires after it: let it fire once more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

describe("a large answer under its cap", () => {
  it("29 MiB of products: the event loop never stalls for long while it is read", async () => {
    body = LARGE;
    const { result, stallMs } = await longestStall(() =>
      listProducts(connection()).then(
        (answer) => ({ answer, error: null }),
        (error: unknown) => ({ answer: null, error: error as ServiceCallError }),
      ),
    );
    expect(stallMs, `the event loop stalled for ${Math.round(stallMs)} ms`).toBeLessThan(LONGEST_STALL_MS);
    if (result.answer) {
      expect(result.answer.Data.Products).toHaveLength(COUNT);
      expect(result.answer.Data.Products[COUNT - 1]).toEqual(JSON.parse(PRODUCT));
      expect(result.answer.Data.Types).toEqual([{ value: "2", name: "Item" }]);
    } else {
      // The reading counts against the call's 10 seconds: a machine this busy (its two cores
      // shared with a dozen other processes) may not parse 29 MiB in them, and then says so.
      expect(result.error).toMatchObject({ kind: "timeout", status: 200 });
      expect(result.error?.message).toBe(
        "The console could not read the service's answer within 10 seconds.",
      );
    }
  });

  it("3 MB of products: read in a worker and put back together whole", async () => {
    body = Buffer.from(MEDIUM);
    const answer = await listProducts(connection());
    expect(answer).toEqual(JSON.parse(MEDIUM));
  });

  it("one that breaks the contract is refused with the field and the rule", async () => {
    // The last product's IsUnlimited is text: found by a check that ran over the whole answer.
    const at = MEDIUM.lastIndexOf('"IsUnlimited":false');
    body = Buffer.from(
      `${MEDIUM.slice(0, at)}"IsUnlimited":"no"${MEDIUM.slice(at + '"IsUnlimited":false'.length)}`,
    );
    const error = await serviceCallFailure(listProducts(connection()), KEY);
    expect(error).toMatchObject({ kind: "invalid-response", status: 200 });
    expect(error.message).toBe(
      `The service's answer does not follow the spec: Data.Products[${MEDIUM_COUNT - 1}].IsUnlimited must be a boolean.`,
    );
  });

  it("one that is not JSON is not a Game Commerce service", async () => {
    body = Buffer.from(`${MEDIUM.slice(0, -1)}<`);
    const error = await serviceCallFailure(
      listPrices(connection(), { chains: "all", includeAll: false }),
      KEY,
    );
    expect(error).toMatchObject({ kind: "invalid-response", status: 200 });
    expect(error.message).toMatch(/^This is not a Game Commerce service: what answered \(HTTP 200\)/);
  });

  it("a reader whose call runs out of time is stopped, and the next answer gets a new one", async () => {
    const head = { status: 200, ok: true, retryAfter: null };
    const timedOut = () => ({ message: "out of time", kind: "timeout" as const, status: 200 });
    // 50 ms is far less than parsing 29 MiB takes anywhere.
    const stopped = await readInWorker(
      new Uint8Array(LARGE),
      head,
      "catalogueProducts",
      AbortSignal.timeout(50),
      timedOut,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(ReaderFailure);
    expect((stopped as ReaderFailure).failure).toEqual(timedOut());
    const bytes = new TextEncoder().encode(MEDIUM);
    const verdict = await readInWorker(
      bytes,
      head,
      "catalogueProducts",
      AbortSignal.timeout(60_000),
      timedOut,
    );
    expect(verdict.ok && (verdict.data as { Data: { Products: unknown[] } }).Data.Products).toHaveLength(
      MEDIUM_COUNT,
    );
  });
});
