import { connect, type Socket } from "node:net";
import { TEST_LIMITS } from "../test-limits";

/** What came back on a raw connection before it closed (or the wait ended). */
export interface RawAnswer {
  /** The status of the first response line; 0 when nothing came back. */
  status: number;
  /** The raw response head, to check its headers. */
  head: string;
  /** JSON.parse of the body; null when it is not JSON. */
  json: any;
  /** Whether the server closed the connection within the wait. */
  closed: boolean;
}

function parseAnswer(text: string, closed: boolean): RawAnswer {
  const split = text.indexOf("\r\n\r\n");
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? "" : text.slice(split + 4);
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: the test sees json null.
  }
  return { status: Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), head, json, closed };
}

/**
 * A connection that sends bytes the way a test wants (a malformed request, half a body) and
 * collects whatever the server answers: HTTP clients cannot send what these tests send.
 */
export class RawConnection {
  private readonly socket: Socket;
  private received = "";
  private readonly closed: Promise<void>;
  private isClosed = false;

  constructor(port: number, first = "") {
    this.socket = connect(port, "127.0.0.1");
    this.socket.setEncoding("utf8");
    this.socket.on("data", (chunk: string) => {
      this.received += chunk;
    });
    this.socket.on("error", () => {
      // A reset after the answer: what was received is still the answer.
    });
    this.closed = new Promise((resolve) =>
      this.socket.once("close", () => {
        this.isClosed = true;
        resolve();
      }),
    );
    if (first) this.socket.write(first);
  }

  /** Resolves when the connection is open. */
  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket.connecting) resolve();
      this.socket.once("connect", () => resolve());
      this.socket.once("error", reject);
    });
  }

  send(bytes: string): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** The answer once the server closes the connection, or what came by `timeoutMs`. */
  async answer(timeoutMs: number): Promise<RawAnswer> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.closed,
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return parseAnswer(this.received, this.isClosed);
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * Sends one request on its own connection and returns the answer once the server closes it. The
 * wait is patience, not a check: a busy machine may take far longer than 10 s to answer.
 */
export async function rawRequest(
  port: number,
  bytes: string,
  timeoutMs: number = TEST_LIMITS.startMs,
): Promise<RawAnswer> {
  const connection = new RawConnection(port, bytes);
  try {
    return await connection.answer(timeoutMs);
  } finally {
    connection.close();
  }
}

/** The port a test service listens on, from its base URL. */
export const portOf = (base: string): number => Number(new URL(base).port);
