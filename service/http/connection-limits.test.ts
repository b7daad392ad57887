import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { ConnectionCap } from "./connection-limits";

/** Enough of a socket for the cap: what it was sent, whether it was closed. */
class FakeSocket extends EventEmitter {
  sent = "";
  writable = true;
  destroyed = false;
  constructor(readonly name: string) {
    super();
  }
  end(data: string, done: () => void) {
    this.sent += data;
    this.writable = false;
    done();
  }
  destroy() {
    this.destroyed = true;
    this.emit("close");
  }
}

const sockets = (...names: string[]) => names.map((name) => new FakeSocket(name));
const asSocket = (socket: FakeSocket) => socket as unknown as Socket;
const refused = (all: FakeSocket[]) => all.filter((socket) => socket.destroyed).map((socket) => socket.name);

describe("connection cap (docs/service.md, Limits)", () => {
  it("makes room by closing the least recently active idle connection, with 503 in the envelope", () => {
    const cap = new ConnectionCap(2);
    const [a, b, c] = sockets("a", "b", "c") as [FakeSocket, FakeSocket, FakeSocket];
    cap.admit(asSocket(a));
    cap.admit(asSocket(b));
    cap.admit(asSocket(c));
    expect(refused([a, b, c])).toEqual(["a"]);
    expect(cap.size).toBe(2);
    expect(a.sent).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(a.sent).toMatch(/\r\nRetry-After: 1\r\n/);
    expect(JSON.parse(a.sent.split("\r\n\r\n")[1] ?? "")).toEqual({
      isError: "1",
      Error: "The service has too many open connections (2); retry in a moment.",
      ErrorCode: "OVERLOADED",
    });
  });

  it("never closes a connection whose request is being worked on; an answered one counts as recent", () => {
    const cap = new ConnectionCap(3);
    const all = sockets("working", "answered", "idle", "new1", "new2", "new3");
    const [working, answered, idle, new1, new2, new3] = all.map(asSocket) as [
      Socket,
      Socket,
      Socket,
      Socket,
      Socket,
      Socket,
    ];
    cap.admit(working);
    cap.admit(answered);
    cap.admit(idle);
    cap.busy(working);
    cap.busy(answered);
    cap.idle(answered); // its answer went out after `idle` connected: more recent than `idle`
    cap.admit(new1);
    expect(refused(all)).toEqual(["idle"]);
    cap.admit(new2);
    expect(refused(all)).toEqual(["answered", "idle"]);
    cap.busy(new1);
    cap.busy(new2);
    // Every open connection is being worked on: the newcomer is the one refused.
    cap.admit(new3);
    expect(refused(all)).toEqual(["answered", "idle", "new3"]);
    expect(cap.size).toBe(3);
  });

  it("forgets a connection when it closes", () => {
    const cap = new ConnectionCap(1);
    const [a, b] = sockets("a", "b") as [FakeSocket, FakeSocket];
    cap.admit(asSocket(a));
    a.destroy();
    cap.admit(asSocket(b));
    expect(b.destroyed).toBe(false);
    expect(cap.size).toBe(1);
  });
});
