import type { lookup as dnsLookup, LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AddressPolicy, GuardedFetchError, guardedFetch, MAX_REDIRECTS } from "./guarded-fetch";

/**
 * The address guard against real node:http servers on 127.0.0.1: what it refuses never receives
 * a request, what the allow list names is called as before, and a redirect is checked at every
 * hop. Every policy here is given explicitly (the test environment's own allow list is not used).
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Local {
  port: number;
  /** Paths requested so far, with their methods: "GET /x". */
  requests: string[];
  handle: Handler;
  close(): Promise<void>;
}

/** What a local server answers until a test says otherwise. */
const OK: Handler = (_request, response) => response.end("ok");

async function local(): Promise<Local> {
  const state: Local = {
    port: 0,
    requests: [],
    handle: OK,
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    state.requests.push(`${request.method} ${request.url}`);
    request.resume();
    state.handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

const GET = { method: "GET" };
const policy = (...allowed: string[]): AddressPolicy => ({ allowedHosts: new Set(allowed) });

/** A resolver that answers `names` from a table and fails everything else, as dns.lookup would. */
function resolverOf(names: Record<string, string[]>): typeof dnsLookup {
  const resolve = (
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    const addresses = names[hostname];
    setImmediate(() =>
      addresses
        ? callback(
            null,
            addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
          )
        : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []),
    );
  };
  return resolve as unknown as typeof dnsLookup;
}

async function refusal(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

let service: Local;
let inside: Local;

beforeAll(async () => {
  service = await local();
  // Plays what must stay out of reach: an admin page, a metadata endpoint.
  inside = await local();
  inside.handle = (_request, response) => response.end("SECRET-INSIDE");
});
// Tests may run in any order (vitest can shuffle them): each starts from the plain answer.
beforeEach(() => {
  service.handle = OK;
});
afterAll(async () => {
  await service.close();
  await inside.close();
});

describe("the address guard", () => {
  it("refuses a loopback address the allow list does not name, before sending anything", async () => {
    const before = inside.requests.length;
    for (const url of [
      `http://127.0.0.1:${inside.port}/`,
      // Other spellings of the same address: the URL parser turns them into 127.0.0.1.
      `http://2130706433:${inside.port}/`,
      `http://0x7f.1:${inside.port}/`,
      `http://[::ffff:127.0.0.1]:${inside.port}/`,
    ]) {
      const error = await refusal(guardedFetch(url, GET, policy()));
      expect(error.code).toBe("ADDRESS_NOT_ALLOWED");
      expect(error.message).toMatch(/^The console does not call .*: it is a loopback address\./);
      expect(error.message).toContain("CONSOLE_ALLOWED_SERVICE_HOSTS");
    }
    for (const [url, what] of [
      ["http://169.254.169.254/latest/meta-data/", "a link-local address"],
      ["http://10.1.2.3/", "a private address"],
      ["http://[fd00::1]/", "a private address"],
      ["http://0.0.0.0/", "an unspecified address"],
      ["http://100.64.0.1/", "a shared (carrier-grade NAT) address"],
    ] as const) {
      expect((await refusal(guardedFetch(url, GET, policy()))).message).toContain(`it is ${what}`);
    }
    expect(inside.requests.length).toBe(before);
  });

  it("refuses a host name that resolves to such an address, checked when connecting", async () => {
    const before = inside.requests.length;
    const localhost = await refusal(guardedFetch(`http://localhost:${inside.port}/`, GET, policy()));
    expect(localhost.code).toBe("ADDRESS_NOT_ALLOWED");
    expect(localhost.message).toMatch(
      /^The console does not call localhost: it resolves to a loopback address/,
    );
    // One private address among public ones is enough: the connection could go to any of them.
    const names = resolverOf({
      "mixed.test": ["93.184.216.34", "10.0.0.7"],
      "meta.test": ["169.254.169.254"],
    });
    const mixed = await refusal(
      guardedFetch(`http://mixed.test:${inside.port}/`, GET, { ...policy(), lookup: names }),
    );
    expect(mixed.message).toContain("mixed.test: it resolves to a private address");
    const meta = await refusal(guardedFetch("http://meta.test/", GET, { ...policy(), lookup: names }));
    expect(meta.message).toContain("resolves to a link-local address (where cloud metadata services answer)");
    expect(inside.requests.length).toBe(before);
  });

  it("calls a host the allow list names, by host and port or by host alone", async () => {
    const byPort = await guardedFetch(
      `http://127.0.0.1:${service.port}/a`,
      GET,
      policy(`127.0.0.1:${service.port}`),
    );
    expect([byPort.status, await byPort.text()]).toEqual([200, "ok"]);
    const byHost = await guardedFetch(`http://localhost:${service.port}/b`, GET, policy("localhost"));
    expect(byHost.status).toBe(200);
    await byHost.text();
    // A name resolved by the policy's own resolver: the allow list names the name, not its address.
    const named = await guardedFetch(`http://service.test:${service.port}/c`, GET, {
      ...policy(`service.test:${service.port}`),
      lookup: resolverOf({ "service.test": ["127.0.0.1"] }),
    });
    expect(named.status).toBe(200);
    await named.text();
    // Another port of an allowed host:port is not allowed.
    expect(
      (
        await refusal(
          guardedFetch(`http://127.0.0.1:${inside.port}/`, GET, policy(`127.0.0.1:${service.port}`)),
        )
      ).code,
    ).toBe("ADDRESS_NOT_ALLOWED");
  });

  it("checks every redirect: one from an allowed host to another address is refused, unrepeated", async () => {
    const before = inside.requests.length;
    for (const target of [`http://127.0.0.1:${inside.port}/admin`, `http://localhost:${inside.port}/admin`]) {
      service.handle = (_request, response) => {
        response.writeHead(302, { location: target });
        response.end();
      };
      const error = await refusal(
        guardedFetch(
          `http://127.0.0.1:${service.port}/api/public/Tokens`,
          GET,
          policy(`127.0.0.1:${service.port}`),
        ),
      );
      expect(error.code).toBe("REDIRECT_NOT_ALLOWED");
      expect(error.message).toMatch(
        /^The base URL redirected to a loopback address, which the console does not call/,
      );
      // Where it pointed came from what answered: it is not repeated.
      expect(error.message).not.toContain(String(inside.port));
    }
    expect(inside.requests.length).toBe(before);
  });

  it("follows a redirect within what is allowed, as fetch would, and stops a loop", async () => {
    service.handle = (request, response) => {
      if (request.url === "/old") {
        response.writeHead(303, { location: "/new" });
        return response.end();
      }
      if (request.url?.startsWith("/loop")) {
        response.writeHead(307, { location: `/loop${Number(request.url.slice(5) || 0) + 1}` });
        return response.end();
      }
      response.end(`${request.method} ${request.url}`);
    };
    const allowed = policy(`127.0.0.1:${service.port}`);
    const moved = await guardedFetch(
      `http://127.0.0.1:${service.port}/old`,
      { method: "POST", body: "{}", headers: { "content-type": "application/json" } },
      allowed,
    );
    // A 303 goes on as a GET, without the body.
    expect(await moved.text()).toBe("GET /new");
    const before = service.requests.length;
    const loop = await refusal(guardedFetch(`http://127.0.0.1:${service.port}/loop`, GET, allowed));
    expect(loop.code).toBe("TOO_MANY_REDIRECTS");
    expect(service.requests.length - before).toBe(MAX_REDIRECTS + 1);
    service.handle = (_request, response) => {
      response.writeHead(302, { location: "file:///etc/passwd" });
      response.end();
    };
    expect((await refusal(guardedFetch(`http://127.0.0.1:${service.port}/`, GET, allowed))).code).toBe(
      "BAD_REDIRECT",
    );
  });

  it("refuses a port of another protocol (fetch's bad ports) even on an allowed host, and a redirect to one", async () => {
    const allowed = policy("127.0.0.1");
    const direct = await refusal(guardedFetch("http://127.0.0.1:25/", GET, allowed));
    expect([direct.code, direct.message]).toEqual([
      "ADDRESS_NOT_ALLOWED",
      expect.stringContaining("does not call port 25"),
    ]);
    service.handle = (_request, response) => {
      response.writeHead(302, { location: "http://127.0.0.1:6667/" });
      response.end();
    };
    const redirected = await refusal(guardedFetch(`http://127.0.0.1:${service.port}/`, GET, allowed));
    expect(redirected.message).toContain("does not call port 6667");
  });
});

describe("what fetch did besides", () => {
  it("asks for compressed answers and undoes gzip, deflate, br and a chain of them; an unknown coding comes as it is", async () => {
    const text = "Grüße, 世界: ".repeat(200);
    const bodies: Record<string, Buffer> = {
      gzip: gzipSync(text),
      deflate: deflateSync(text),
      br: brotliCompressSync(text),
      "deflate, gzip": gzipSync(deflateSync(text)),
      "x-unknown": Buffer.from("as sent"),
    };
    let asked = "";
    service.handle = (request, response) => {
      asked = String(request.headers["accept-encoding"]);
      const coding = decodeURIComponent(request.url?.slice(1) ?? "");
      response.writeHead(200, { "content-encoding": coding });
      response.end(bodies[coding]);
    };
    const allowed = policy(`127.0.0.1:${service.port}`);
    for (const coding of Object.keys(bodies)) {
      const answer = await guardedFetch(
        `http://127.0.0.1:${service.port}/${encodeURIComponent(coding)}`,
        GET,
        allowed,
      );
      expect([coding, await answer.text()]).toEqual([coding, coding === "x-unknown" ? "as sent" : text]);
    }
    expect(asked).toBe("br, gzip, deflate");
  });

  it("a body that does not unpack fails while it is read, not silently", async () => {
    service.handle = (_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end("this is not gzip");
    };
    const answer = await guardedFetch(
      `http://127.0.0.1:${service.port}/`,
      GET,
      policy(`127.0.0.1:${service.port}`),
    );
    await expect(answer.text()).rejects.toThrow();
  });
});
