import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A service that implements the public spec only, played in front of ours (for the console's tests
 * and the e2e test proxy): our extensions (Wallet, FundWallet, Awards, ReverseAward, Keys, Requests, Customers, Webhooks) answer 404 and AwardTokens
 * answers without `Status` and `ErrorCode`.
 */

export const EXTENSION_PATH =
  /^\/api\/public\/(Wallet|FundWallet|Awards|ReverseAward|Keys|Requests|Customers|Webhooks)(\/|$|\?)/;

/** Drops our extension fields from a JSON answer's text (edited as text: amounts stay exact). */
export function withoutExtensionFields(text: string): string {
  return text.replace(/,?"(Status|ErrorCode)":"[^"]*"/g, "").replace(/^\{,/, "{");
}

/** Forwards an answer with our extension fields dropped. */
export function answerSpecOnly(answer: IncomingMessage, outgoing: ServerResponse): void {
  const chunks: Buffer[] = [];
  answer.on("data", (chunk: Buffer) => chunks.push(chunk));
  answer.on("end", () => {
    const text = withoutExtensionFields(Buffer.concat(chunks).toString("utf8"));
    const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(text)) };
    outgoing.writeHead(answer.statusCode ?? 502, headers).end(text);
  });
}

/** A spec-only service in front of `upstream` (a base URL ending in /api/public); answers its own base URL. */
export async function startSpecOnly(upstream: string): Promise<{ base: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? "/";
    if (EXTENSION_PATH.test(path)) {
      incoming.resume();
      outgoing.writeHead(404, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ isError: "1", Error: "Not found" }));
      return;
    }
    const upstreamRequest = forward(
      { host: target.hostname, port: target.port, path, method: incoming.method, headers: incoming.headers },
      (answer) => answerSpecOnly(answer, outgoing),
    );
    incoming.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${target.pathname}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
