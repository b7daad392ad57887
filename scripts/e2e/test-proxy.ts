import { createServer, request as forward, type ServerResponse } from "node:http";
import { answerSpecOnly, EXTENSION_PATH } from "@/testing/service/spec-only";

/**
 * For the browser tests: a proxy in front of the service that forwards every request, and can
 * play three other services:
 * - a lossy network: once armed (`POST /__drop-next-award`), the next AwardTokens request
 *   reaches the service but its answer is dropped — the service pays, the console never hears;
 *   `POST /__drop-next-reversal` does the same to the next ReverseAward;
 * - a service that implements the spec only: under `/spec-only/…` our extensions (Wallet,
 *   FundWallet, Awards) answer 404 and AwardTokens answers without `Status` and `ErrorCode`;
 * - a service that answers too much: under `/oversized/…` every request is answered with 200 MB
 *   of JSON (what made an uncapped console run out of memory), streamed without a length and
 *   stopped when the console closes the connection. `GET /__oversized` tells what was served;
 * - a slow service: under `/slow/…` every AwardTokens answer comes 500 ms late, so a bulk batch
 *   is still sending while its page is watched;
 * - a service with large answers under their caps: under `/large/…` GET Wallet answers 15 MiB of
 *   valid JSON (a long queue) and GET Products 29 MiB (~4,900 products in ten languages), which
 *   the console reads whole; everything else is forwarded.
 * E2E_PROXY_PORT is where it listens, E2E_SERVICE_PORT where the service is.
 */

const port = Number(process.env.E2E_PROXY_PORT ?? 3202);
const servicePort = Number(process.env.E2E_SERVICE_PORT ?? 3201);
const SPEC_ONLY = "/spec-only";
const SLOW = "/slow";
const SLOW_AWARD_MS = 500;
let dropNext = 0;
let dropNextReversal = 0;

const OVERSIZED = "/oversized";
const OVERSIZED_BYTES = 200_000_000;
/** Every oversized answer so far: the bytes handed to its socket, and whether it is still open. */
const oversized: { bytes: number; open: boolean }[] = [];
/** A product repeated to fill the answer: valid JSON as far as the console reads it. */
const FILLER = Buffer.from(
  `${JSON.stringify({
    Guid: "00000000-0000-4000-8000-000000000000",
    IsUnlimited: false,
    Amount: "1",
    ImageUrl: "",
    Type: "2",
    Languages: [{ en: [{ Value: "A product this service repeats", Type: "Title" }] }],
  })},`.repeat(512),
);

/** 200 MB of a Products-shaped answer, as fast as the reader takes it, until it hangs up. */
function answerOversized(outgoing: ServerResponse) {
  const served = { bytes: 0, open: true };
  oversized.push(served);
  outgoing.on("close", () => {
    served.open = false;
  });
  outgoing.writeHead(200, { "content-type": "application/json" });
  outgoing.write('{"isError":"0","Error":"","Data":{"Types":[],"Tokens":[],"Products":[');
  const more = () => {
    while (served.bytes < OVERSIZED_BYTES && !outgoing.destroyed) {
      served.bytes += FILLER.length;
      if (!outgoing.write(FILLER)) {
        outgoing.once("drain", more);
        return;
      }
    }
    if (!outgoing.destroyed) outgoing.end("{}]}}");
  };
  more();
}

const LARGE = "/large";
/** A queued award of one line: the Wallet answer repeats it up to 15 MiB (its cap is 16 MB). */
const QUEUED = JSON.stringify({
  RequestID: "0c1e0000-0000-4000-8000-000000000001",
  CustomerID: "a-player-of-a-long-queue",
  Wallet: "",
  QueuedAt: "2026-01-01T00:00:00Z",
  Tokens: [
    {
      Guid: "00000000-0000-4000-8000-000000000000",
      ContractGuid: "00000000-0000-4000-8000-000000000000",
      Amount: "1",
    },
  ],
});
const LARGE_WALLET = Buffer.from(
  `{"isError":"0","Error":"","Data":{"Balances":[],"Queue":[${Array(
    Math.floor((15 * 1024 * 1024) / (QUEUED.length + 1)),
  )
    .fill(QUEUED)
    .join(",")}]}}`,
);

/** Ten languages, each with a title and a paragraph of description: ~6 KB a product. */
const LANGUAGES = ["en", "de", "fr", "es", "it", "pt", "ja", "ko", "zh", "ar"];
const PARAGRAPH = "A long description of the product, as a studio writes one for its store page. ".repeat(7);
let largeProducts: Buffer | undefined;
/** The Products answer of a catalogue of 29 MiB, each product its own GUID; built when first asked for. */
function largeProductsAnswer(): Buffer {
  if (largeProducts) return largeProducts;
  const target = 29 * 1024 * 1024;
  const products: string[] = [];
  let bytes = 0;
  while (bytes < target - 7_000) {
    const n = products.length;
    const product = JSON.stringify({
      Guid: `1a000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      IsUnlimited: n % 7 === 0,
      Amount: n % 7 === 0 ? "" : String(n % 1000),
      ImageUrl: "",
      Type: n % 3 === 0 ? "4" : "2",
      Languages: LANGUAGES.map((code) => ({
        [code]: [
          { Value: `Product ${n} (${code})`, Type: "Title" },
          { Value: `${PARAGRAPH}${n}`, Type: "Description" },
        ],
      })),
    });
    products.push(product);
    bytes += product.length + 1;
  }
  largeProducts = Buffer.from(
    `{"isError":"0","Error":"","Data":{"Types":[{"value":"2","name":"Item"},{"value":"4","name":"Subscription"}],"Products":[${products.join(",")}]}}`,
  );
  return largeProducts;
}

function json(outgoing: ServerResponse, status: number, body: unknown) {
  outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const server = createServer((incoming, outgoing) => {
  if (incoming.method === "POST" && incoming.url === "/__drop-next-award") {
    dropNext += 1;
    outgoing.writeHead(204).end();
    return;
  }
  if (incoming.method === "POST" && incoming.url === "/__drop-next-reversal") {
    dropNextReversal += 1;
    outgoing.writeHead(204).end();
    return;
  }
  if (incoming.url === "/__health") {
    outgoing.writeHead(200).end("ok");
    return;
  }
  if (incoming.url === "/__oversized") {
    json(outgoing, 200, {
      answers: oversized.length,
      open: oversized.filter((a) => a.open).length,
      largest: Math.max(0, ...oversized.map((a) => a.bytes)),
    });
    return;
  }
  if (incoming.url?.startsWith(`${OVERSIZED}/`)) {
    incoming.resume();
    answerOversized(outgoing);
    return;
  }
  const spec = incoming.url?.startsWith(`${SPEC_ONLY}/`) ?? false;
  const slow = incoming.url?.startsWith(`${SLOW}/`) ?? false;
  const large = incoming.url?.startsWith(`${LARGE}/`) ?? false;
  const prefix = spec ? SPEC_ONLY : slow ? SLOW : large ? LARGE : "";
  const path = (incoming.url ?? "/").slice(prefix.length) || "/";
  if (large && incoming.method === "GET" && /\/Wallet\//.test(path)) {
    incoming.resume();
    outgoing.writeHead(200, { "content-type": "application/json" }).end(LARGE_WALLET);
    return;
  }
  if (large && incoming.method === "GET" && /\/Products\//.test(path)) {
    incoming.resume();
    outgoing.writeHead(200, { "content-type": "application/json" }).end(largeProductsAnswer());
    return;
  }
  if (spec && EXTENSION_PATH.test(path)) {
    incoming.resume();
    json(outgoing, 404, { isError: "1", Error: "Not found" });
    return;
  }
  const award = incoming.method === "POST" && path.endsWith("/AwardTokens");
  const reversal = incoming.method === "POST" && path.endsWith("/ReverseAward");
  const upstream = forward(
    { host: "127.0.0.1", port: servicePort, path, method: incoming.method, headers: incoming.headers },
    (answer) => {
      if ((dropNext > 0 && award) || (dropNextReversal > 0 && reversal)) {
        if (award) dropNext -= 1;
        else dropNextReversal -= 1;
        answer.resume();
        answer.on("end", () => outgoing.socket?.destroy());
        return;
      }
      if (spec && award) {
        answerSpecOnly(answer, outgoing);
        return;
      }
      if (slow && award) {
        answer.pause();
        setTimeout(() => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        }, SLOW_AWARD_MS);
        return;
      }
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on("error", () => outgoing.socket?.destroy());
  incoming.pipe(upstream);
});

server.listen(port, "127.0.0.1", () => console.log(`test proxy on ${port} → service on ${servicePort}`));
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
