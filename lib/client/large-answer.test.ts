import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { LOOPBACK_SERVICES, serviceCallFailure, stretchCallTimeLimit } from "@/testing/service-client";
import { TEST_LIMITS } from "@/testing/test-limits";
import { ReaderFailure, readInWorker } from "./answer-readers";
import { READ_TIMEOUT_MS, TIMEOUT_MS } from "./call-service";
import { listPrices, listProducts } from "./catalogue";

/**
 * A large answer that is under its cap must not stop the console for everyone else: the parse
 * and the contract check of a 29 MiB answer took the main thread for seconds, so other people's
 * sign-ins waited behind it (issue 25). The client parses and checks such an answer in a worker
 * thread and hands it back in pieces, so the event loop keeps turning; the reading has a time
 * limit of its own, apart from the service's. These tests answer from a real node:http server and watch the event loop
 * of the thread the client runs on. What they check is the reading, not how fast the machine is:
 * each call gets the test's own time limit instead of the client's 10 seconds
 * (stretchCallTimeLimit), which a busy machine could pass while 3 MB were still arriving.
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
/** 3 MB: over the size parsed on the request's thread (a worker reads it). */
const MEDIUM_COUNT = Math.floor(3_000_000 / (PRODUCT.length + 1));
const MEDIUM = productsAnswer(MEDIUM_COUNT);
/**
 * The longest the event loop may stall while the client reads an answer: what another person's
 * sign-in may wait at most (issue 25 asks for a p95 under 1 s). Before the fix the parse and check
 * took it in one piece for 2.3 s on an idle machine and 11 s on this one under load; in pieces the
 * longest stall is tens of milliseconds idle, and stayed near 400 ms with the machine's two cores
 * shared by ~25 busy processes (scheduling, garbage collection). On a machine so loaded that the
 * read itself takes minutes (seen: 102 s, the longest stall 1.3 s), the operating system's
 * scheduling alone stalls the loop for longer, so the bound grows with the read's time: a tenth
 * of it. A read in one piece takes most of the read's time (2.3 of about 3 s idle), far above it.
 */
const LONGEST_STALL_MS = 1_000;
const LONGEST_STALL_SHARE = 0.1;

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
async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stallMs: number; tookMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  try {
    const result = await work();
    // A stall is recorded when the monitor's timer fires after it: let it fire once more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, stallMs: histogram.max / 1e6, tookMs: performance.now() - started };
  } finally {
    histogram.disable();
  }
}

describe("a large answer under its cap", () => {
  // Idle, a few seconds; with the two cores shared by twenty busy processes, 80 to 100.
  const slowRead = 2 * TEST_LIMITS.testMs;
  it("29 MiB of products: the event loop never stalls for long while it is read", {
    timeout: slowRead,
  }, async () => {
    onTestFinished(stretchCallTimeLimit(slowRead));
    body = LARGE;
    const { result: answer, stallMs, tookMs } = await longestStall(() => listProducts(connection()));
    expect(
      stallMs,
      `the event loop stalled for ${Math.round(stallMs)} ms of the read's ${Math.round(tookMs)} ms`,
    ).toBeLessThan(Math.max(LONGEST_STALL_MS, tookMs * LONGEST_STALL_SHARE));
    expect(answer.Data.Products).toHaveLength(COUNT);
    expect(answer.Data.Products[COUNT - 1]).toEqual(JSON.parse(PRODUCT));
    expect(answer.Data.Types).toEqual([{ value: "2", name: "Item" }]);
  });

  it("3 MB of products: read in a worker and put back together whole", async () => {
    onTestFinished(stretchCallTimeLimit());
    body = Buffer.from(MEDIUM);
    const answer = await listProducts(connection());
    expect(answer).toEqual(JSON.parse(MEDIUM));
  });

  it("one that breaks the contract is refused with the field and the rule", async () => {
    onTestFinished(stretchCallTimeLimit());
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
    onTestFinished(stretchCallTimeLimit());
    body = Buffer.from(`${MEDIUM.slice(0, -1)}<`);
    const error = await serviceCallFailure(
      listPrices(connection(), { chains: "all", includeAll: false }),
      KEY,
    );
    expect(error).toMatchObject({ kind: "invalid-response", status: 200 });
    expect(error.message).toMatch(/^This is not a Game Commerce service: what answered \(HTTP 200\)/);
  });

  it("an answer that arrived whole is read even if the service's time runs out while it is read", async () => {
    // The service's 10 seconds run out just as the answer is handed to the reader: before, that
    // threw away an answer that had arrived, as "the service did not answer in time".
    const serviceTime = new AbortController();
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const timeouts = vi
      .spyOn(AbortSignal, "timeout")
      .mockImplementation((ms: number) =>
        ms === TIMEOUT_MS ? serviceTime.signal : timeout(Math.max(ms, TEST_LIMITS.testMs)),
      );
    onTestFinished(() => timeouts.mockRestore());
    const post = Worker.prototype.postMessage;
    const posts = vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (
      this: Worker,
      message: unknown,
      ...rest: unknown[]
    ) {
      if ((message as { job?: unknown }).job)
        serviceTime.abort(new DOMException("The operation timed out.", "TimeoutError"));
      return (post as (...args: unknown[]) => void).call(this, message, ...rest);
    });
    onTestFinished(() => posts.mockRestore());
    body = Buffer.from(MEDIUM);
    const answer = await listProducts(connection());
    expect(serviceTime.signal.aborted).toBe(true);
    expect(answer.Data.Products).toHaveLength(MEDIUM_COUNT);
  });

  it("the console's own time to read runs out: 'busy', not the service's fault", {
    timeout: slowRead,
  }, async () => {
    // The service gets the test's time to send 29 MiB; the reading gets 50 ms, far less than
    // parsing 29 MiB takes anywhere.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const timeouts = vi
      .spyOn(AbortSignal, "timeout")
      .mockImplementation((ms: number) => timeout(ms === READ_TIMEOUT_MS ? 50 : Math.max(ms, slowRead)));
    onTestFinished(() => timeouts.mockRestore());
    body = LARGE;
    const error = await serviceCallFailure(listProducts(connection()), KEY);
    expect(error).toMatchObject({ kind: "busy", status: 200 });
    expect(error.message).toBe(
      "The service answered in full, but the console was too busy to read the answer within 30 seconds: try again in a moment.",
    );
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
      AbortSignal.timeout(TEST_LIMITS.testMs),
      timedOut,
    );
    expect(verdict.ok && (verdict.data as { Data: { Products: unknown[] } }).Data.Products).toHaveLength(
      MEDIUM_COUNT,
    );
  });
});
