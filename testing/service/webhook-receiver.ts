import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's JSON. */
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * A game server's webhook receiver on a loopback port (the tests' stand-in for one): it keeps
 * every request, answers what `answer` says (200 by default), and can be stopped and started
 * again on the same port to play an endpoint that is down.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** The status of the next answers; a function sees each request. */
  answer: number | ((request: Received) => number) = 200;
  /** How long each answer waits (a slow receiver). */
  delayMs = 0;
  /** When each request arrived (performance.now()), in order. */
  readonly arrivals: number[] = [];
  private server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(port = this.port): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        let event: Received["event"];
        try {
          event = JSON.parse(body) as Received["event"];
        } catch {
          event = { id: "", type: "", timestamp: "", data: {} };
        }
        const got: Received = { path: request.url ?? "", headers: request.headers, body, event };
        this.received.push(got);
        this.arrivals.push(performance.now());
        const status = typeof this.answer === "function" ? this.answer(got) : this.answer;
        setTimeout(() => {
          response.writeHead(status, { "content-type": "text/plain" });
          response.end(status < 300 ? "thanks" : `receiver says ${status}`);
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The events received of a type, in the order they came. */
  ofType(type: string): Received[] {
    return this.received.filter((got) => got.event.type === type);
  }
}

/** Whether a received request verifies with a secret, by the Standard Webhooks library itself. */
export function verifies(got: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}
