import { maxHeaderSize } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { ConnectionLimits } from "../env";
import { rawFailure } from "./envelope";

/** Longest path parameter the router reads; longer ones are refused naming this length. */
export const MAX_PARAM_LENGTH = 4096;

/** Fastify's own options for the timeouts it knows; the headers timeout is set on the server. */
export function fastifyTimeouts(limits: ConnectionLimits): Partial<FastifyServerOptions> {
  return {
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
  };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Node's answer to a request it could not read, in our envelope (Fastify's `clientErrorHandler`;
 * without it Node and Fastify answer in their own words and shapes).
 */
export function clientErrorHandler(limits: ConnectionLimits) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return; // Nobody left to answer.
    let answer: string;
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      answer = rawFailure(
        408,
        "REQUEST_TIMEOUT",
        `The request did not arrive in time: its headers must arrive within ${seconds(limits.headersTimeoutMs)} ` +
          `and the whole request within ${seconds(limits.requestTimeoutMs)}.`,
      );
    } else if (error.code === "HPE_HEADER_OVERFLOW") {
      answer = rawFailure(
        431,
        "HEADERS_TOO_LARGE",
        `The URL and headers together are longer than ${maxHeaderSize} bytes; ` +
          `a path parameter is at most ${MAX_PARAM_LENGTH} characters.`,
      );
    } else {
      answer = rawFailure(
        400,
        "INVALID_REQUEST",
        `The request is not valid HTTP/1.1 (${error.code ?? "unreadable"}).`,
      );
    }
    if (socket.writable) socket.end(answer, () => socket.destroy());
    else socket.destroy();
  };
}

/**
 * Keeps at most `max` connections open. The connections are kept least recently active first;
 * one whose request is being worked on (its body read, its answer not yet sent) is never
 * dropped. When a new connection would pass the cap, the least recently active other one — an
 * idle kept-alive connection, or one still sending its request slowly — is closed with 503 in
 * the envelope, so a flood of slow clients cannot lock out the next client or the health check;
 * when every connection is being worked on, the new one gets the 503 itself.
 */
export class ConnectionCap {
  /** Open sockets → whether a request of theirs is being worked on; oldest activity first. */
  private readonly open = new Map<Socket, boolean>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.open.size;
  }

  admit(socket: Socket): void {
    if (this.open.size >= this.max) {
      const victim = this.leastRecentlyActiveIdle();
      if (!victim) {
        this.refuse(socket);
        return;
      }
      this.refuse(victim);
    }
    this.open.set(socket, false);
    socket.once("close", () => this.open.delete(socket));
  }

  /** The socket's request has been read and is being worked on. */
  busy(socket: Socket): void {
    if (this.open.has(socket)) this.open.set(socket, true);
  }

  /** The socket's answer is out: it is the most recently active now. */
  idle(socket: Socket): void {
    if (!this.open.delete(socket)) return;
    this.open.set(socket, false);
  }

  private leastRecentlyActiveIdle(): Socket | undefined {
    for (const [socket, busy] of this.open) if (!busy) return socket;
    return undefined;
  }

  private refuse(socket: Socket): void {
    this.open.delete(socket);
    const answer = rawFailure(
      503,
      "OVERLOADED",
      `The service has too many open connections (${this.max}); retry in a moment.`,
      { "Retry-After": "1" },
    );
    if (socket.writable) socket.end(answer, () => socket.destroy());
    else socket.destroy();
  }
}

/**
 * Sets what Fastify has no option for on its server (the headers timeout, how often Node checks
 * it) and puts the connection cap in front of every connection.
 */
export function applyConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): ConnectionCap {
  const server = app.server;
  server.headersTimeout = limits.headersTimeoutMs;
  // Node checks both timeouts every 30 s by default, so a slow client could stay 30 s too long;
  // read when the server starts listening.
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.max(
    50,
    Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
  );
  const cap = new ConnectionCap(limits.maxConnections);
  server.on("connection", (socket: Socket) => cap.admit(socket));
  // Root hooks run before every route's own: the body has been read by the time this runs.
  app.addHook("preValidation", async (request) => cap.busy(request.raw.socket));
  app.addHook("onResponse", async (request) => cap.idle(request.raw.socket));
  return cap;
}
