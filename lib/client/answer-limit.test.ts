import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createGzip } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOOPBACK_SERVICES, serviceCallFailure, stretchCallTimeLimit } from "@/testing/service-client";
import { TEST_LIMITS } from "@/testing/test-limits";
import { awardTokens } from "./awards";
import { ANSWERS, type ServiceConnection } from "./call-service";
import { probeService } from "./capabilities";
import { listProducts, listProjectTokens } from "./catalogue";

/**
 * A service that answers too much must not take the console down: the client reads at most its
 * cap for the kind of call, streamed, and closes the connection as soon as the cap is passed.
 * These tests answer from a real node:http server, as a misbehaving service would. A cap is a
 * limit on bytes: the tests of caps give each call the test's own time limit instead of the
 * client's 10 seconds (stretchCallTimeLimit), so that on a busy machine the cap, not the clock,
 * ends the call; only the tests of the time limit keep the 10 seconds.
 */

const KEY = "gcc_test_key_0123456789abcdef0123456789abcdef";
const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const SERVED = 300_000_000;
const AWARD = {
  RequestID: "0c1e0000-0000-4000-8000-0000000000aa",
  CustomerID: "player",
  IsAllowance: true,
  Tokens: [{ Guid: PROJECT, ContractGuid: PROJECT, Amount: "1" }],
};

/** What the server did with one answer: bytes handed to the socket, and when it was closed. */
interface Served {
  bytes: number;
  closedAt: number | null;
}

let server: Server;
let base = "";
let answer: (request: IncomingMessage, response: ServerResponse, served: Served) => void = () => {};
const answers: Served[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const served: Served = { bytes: 0, closedAt: null };
    answers.push(served);
    response.on("close", () => {
      served.closedAt = Date.now();
    });
    request.resume();
    answer(request, response, served);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/public`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const connection = (): ServiceConnection => ({
  baseUrl: base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

/** Writes `head`, then `chunk` again and again up to `total` bytes, as fast as the reader takes them. */
function pump(response: ServerResponse, served: Served, head: string, chunk: Buffer, total: number) {
  response.write(head);
  served.bytes += Buffer.byteLength(head);
  const more = () => {
    while (served.bytes < total && !response.destroyed) {
      served.bytes += chunk.length;
      if (!response.write(chunk)) {
        response.once("drain", more);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  more();
}

const failure = (promise: Promise<unknown>) => serviceCallFailure(promise, KEY);

/** The largest resident set size seen while `run` runs, over what it was before. */
async function rssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sample);
  }
}

/**
 * Waits until the server saw the connection close (the client cancelled the body). How soon is
 * not the check (a busy machine may take seconds): what the server had sent by then is.
 */
async function closed(served: Served): Promise<number> {
  const deadline = Date.now() + TEST_LIMITS.startMs / 2;
  while (served.closedAt === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(served.closedAt, "the server still writes: the client did not cancel the answer").not.toBeNull();
  return served.closedAt as number;
}

const PRODUCT = Buffer.from(
  `${JSON.stringify({
    Guid: PROJECT,
    IsUnlimited: false,
    Amount: "1",
    ImageUrl: "https://cdn.example.com/p.png",
    Type: "2",
    Languages: [{ en: [{ Value: "A product the service repeats for ever", Type: "Title" }] }],
  })},`.repeat(256),
);

describe("an answer over the cap for its kind of call", () => {
  beforeEach(() => stretchCallTimeLimit());

  it("300 MB of products: refused after the cap with a clear message, the stream cancelled, memory bounded", async () => {
    answer = (_request, response, served) => {
      response.writeHead(200, { "content-type": "application/json" });
      pump(response, served, '{"isError":"0","Error":"","Data":{"Types":[],"Products":[', PRODUCT, SERVED);
    };
    const limit = ANSWERS.catalogueProducts;
    const { result: error, growth } = await rssGrowth(() => failure(listProducts(connection())));
    expect(error).toMatchObject({ kind: "too-large", status: 200 });
    expect(error.message).toMatch(
      /^The service answered more than 32 MB for a Products list, so the console stopped reading it/,
    );
    const served = answers.at(-1) as Served;
    // Closed at once, not when the server ran out of things to send: what was sent by the close is
    // the cap and what sockets buffer, nowhere near the 300 MB on offer.
    await closed(served);
    expect(served.bytes).toBeGreaterThan(limit.bytes);
    expect(served.bytes).toBeLessThan(limit.bytes + 16_000_000);
    // The held text is about the cap; reading all of it would hold 300 MB or more.
    expect(growth, `RSS grew by ${Math.round(growth / 1e6)} MB`).toBeLessThan(150_000_000);
  });

  it("an endless AwardTokens answer is refused at 1 MB: the award's outcome is not known, never failed", async () => {
    answer = (_request, response, served) => {
      response.writeHead(200, { "content-type": "application/json" });
      pump(response, served, '{"isError":"0","Error":"","Status":"', Buffer.alloc(65_536, "x"), Infinity);
    };
    const { result: error, growth } = await rssGrowth(() => failure(awardTokens(connection(), AWARD)));
    expect(error).toMatchObject({ kind: "too-large", status: 200 });
    expect(error.message).toMatch(/^The service answered more than 1 MB for AwardTokens/);
    const served = answers.at(-1) as Served;
    await closed(served);
    expect(served.bytes).toBeLessThan(ANSWERS.award.bytes + 16_000_000);
    expect(growth, `RSS grew by ${Math.round(growth / 1e6)} MB`).toBeLessThan(64_000_000);
  });

  it("a Content-Length over the cap is refused before the body arrives", async () => {
    answer = (_request, response, served) => {
      // Declares 300 MB, sends a few bytes and then nothing: only the header can settle it.
      response.writeHead(200, { "content-type": "application/json", "content-length": String(SERVED) });
      response.write('{"isError":"0",');
      served.bytes = 15;
    };
    // Waiting for the body would end only at the time limit, as a "timeout" (or the test's limit).
    const error = await failure(listProducts(connection()));
    expect(error).toMatchObject({ kind: "too-large", status: 200 });
    expect(error.message).toMatch(/^The service answered more than 32 MB for a Products list/);
    await closed(answers.at(-1) as Served);
  });

  it("a small gzip answer that unpacks past the cap is refused by what it unpacks to", async () => {
    answer = (_request, response, served) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(response);
      // JSON allows any amount of white space: 300 MB of it packs into a few hundred KB.
      const spaces = Buffer.alloc(1_000_000, " ");
      const more = () => {
        while (served.bytes < SERVED && !response.destroyed) {
          served.bytes += spaces.length;
          if (!gzip.write(spaces)) {
            gzip.once("drain", more);
            return;
          }
        }
        gzip.end('{"isError":"0","Error":"","Status":"Completed"}');
      };
      response.on("close", () => gzip.destroy());
      more();
    };
    const error = await failure(awardTokens(connection(), AWARD));
    expect(error).toMatchObject({ kind: "too-large" });
    expect(error.message).toMatch(/more than 1 MB for AwardTokens/);
    const served = answers.at(-1) as Served;
    await closed(served);
    expect(served.bytes).toBeLessThan(SERVED);
  });

  it("refuses an oversized answer to Test connection with the same message", async () => {
    answer = (_request, response, served) => {
      response.writeHead(200, { "content-type": "application/json" });
      pump(response, served, '{"isError":"0","Error":"","Data":{"Tokens":[', PRODUCT, SERVED);
    };
    const error = await failure(probeService(connection()));
    expect(error.kind).toBe("too-large");
    expect(error.message).toMatch(/^The service answered more than 1 MB for a project Tokens list/);
  });
});

describe("an answer at the cap", () => {
  beforeEach(() => stretchCallTimeLimit());

  /** An AwardTokens answer padded with an unknown field (allowed) to exactly `size` bytes. */
  function awardAnswer(size: number): string {
    const head = '{"isError":"0","Error":"","Status":"Completed","Padding":"';
    const tail = '"}';
    return `${head}${"x".repeat(size - head.length - tail.length)}${tail}`;
  }

  it.each([
    ["streamed", false],
    ["with its Content-Length", true],
  ])("is read whole when it is exactly the cap (%s), refused one byte over", async (_name, declared) => {
    const limit = ANSWERS.award.bytes;
    for (const size of [limit, limit + 1]) {
      answer = (_request, response) => {
        const body = awardAnswer(size);
        response.writeHead(200, {
          "content-type": "application/json",
          ...(declared ? { "content-length": String(body.length) } : {}),
        });
        // In pieces, as a network delivers it.
        for (let at = 0; at < body.length; at += 100_000) response.write(body.slice(at, at + 100_000));
        response.end();
      };
      if (size === limit) {
        expect((await awardTokens(connection(), AWARD)).Status).toBe("Completed");
      } else {
        expect((await failure(awardTokens(connection(), AWARD))).kind).toBe("too-large");
      }
    }
  });

  it("keeps multi-byte characters split across chunks intact", async () => {
    answer = (_request, response) => {
      const body = Buffer.from(
        '{"isError":"0","Error":"","Data":{"Tokens":[{"Symbol":"金","Guid":"g","Name":"Ünïcødé 金貨","Contracts":[]}]}}',
      );
      response.writeHead(200, { "content-type": "application/json" });
      // One byte at a time: every multi-byte character arrives split.
      let at = 0;
      const next = () => {
        if (at >= body.length) return void response.end();
        response.write(body.subarray(at, at + 1));
        at += 1;
        setImmediate(next);
      };
      next();
    };
    const tokens = await listProjectTokens(connection());
    expect(tokens.Data.Tokens[0]).toMatchObject({ Symbol: "金", Name: "Ünïcødé 金貨" });
  });
});

describe("an answer that breaks off or trickles", () => {
  it("that trickles past the time limit is a timeout, whatever the headers said", async () => {
    answer = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const drip = setInterval(() => response.write(" "), 500);
      response.on("close", () => clearInterval(drip));
    };
    const error = await failure(awardTokens(connection(), AWARD));
    expect(error).toMatchObject({ kind: "timeout", status: 200 });
    expect(error.message).toBe("The service did not finish its answer within 10 seconds.");
  });

  it("is a lost connection with its network code (an award's outcome is then unknown), not a crash", async () => {
    answer = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"isError":"0","Error":"","Sta');
      setTimeout(() => response.socket?.destroy(), 50);
    };
    const error = await failure(awardTokens(connection(), AWARD));
    expect(error).toMatchObject({ kind: "unreachable", status: 200 });
    expect(error.networkCode).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
    expect(error.message).toMatch(/^The connection to the service broke while it was answering/);
  });
});
