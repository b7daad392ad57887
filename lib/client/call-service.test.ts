import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { LOOPBACK_SERVICES, serviceCallFailure } from "@/testing/service-client";
import { type ServiceConnection, stringifyBody } from "./call-service";
import { probeService } from "./capabilities";
import { listPrices, listProjectTokens } from "./catalogue";

/**
 * "Test connection" (probeService) and every other call through callService, against real
 * node:http servers: whatever answers that is not a Game Commerce service is never repeated, and
 * the connection's address policy decides where the console may call. The connections here allow
 * 127.0.0.1 and localhost (LOOPBACK_SERVICES); 127.0.0.2 is loopback too, and not allowed.
 */

const KEY = "gcc_test_key_0123456789abcdef0123456789abcdef";
const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const SECRET = "s3cr3t-admin-token-0f9e";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let answer: Handler = (_request, response) => response.end();
const received: string[] = [];
let allowed: Server;
let outside: Server;
let allowedBase = "";
let outsideBase = "";

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  allowed = createServer((request, response) => {
    request.resume();
    answer(request, response);
  });
  allowedBase = await listen(allowed, "127.0.0.1");
  // What an owner must not reach: it would hand out the secret to anyone who asked.
  outside = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    request.resume();
    response.end(`{"isError":"1","Error":"${SECRET}"}`);
  });
  outsideBase = await listen(outside, "127.0.0.2");
});
afterAll(async () => {
  for (const server of [allowed, outside]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const at = (base: string): ServiceConnection => ({
  baseUrl: `${base}/api/public`,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

const failure = (promise: Promise<unknown>) => serviceCallFailure(promise, KEY);

const respond =
  (status: number, type: string, body: string): Handler =>
  (_request, response) => {
    response.writeHead(status, { "content-type": type });
    response.end(body);
  };

describe("what answered is not a Game Commerce service", () => {
  it.each([
    ["an HTML page", respond(200, "text/html", `<html><body>Admin panel. Token: ${SECRET}</body></html>`)],
    ["an HTML error page", respond(404, "text/html", `<h1>Not Found</h1><p>${SECRET}</p>`)],
    ["plain text", respond(500, "text/plain", `internal error near ${SECRET}`)],
    ["JSON of another API, with an Error field", respond(500, "application/json", `{"Error":"${SECRET}"}`)],
    [
      "JSON of another API that succeeds",
      respond(200, "application/json", `{"token":"${SECRET}","ok":true}`),
    ],
    ["a JSON string", respond(200, "application/json", JSON.stringify(SECRET))],
    [
      "JSON with isError of the wrong type",
      respond(400, "application/json", `{"isError":1,"Error":"${SECRET}"}`),
    ],
  ])("%s: only that is said, never what it answered", async (_name, handler) => {
    answer = handler;
    const error = await failure(probeService(at(allowedBase)));
    expect(error.message).toMatch(/^This is not a Game Commerce service: what answered \(HTTP \d{3}\)/);
    expect(error.message).not.toContain(SECRET);
    // The same for a list whose envelope the spec makes optional.
    expect(
      (await failure(listPrices(at(allowedBase), { chains: ["FIAT"], includeAll: false }))).message,
    ).not.toContain(SECRET);
  });

  it("a service's own Error text is what a person reads", async () => {
    answer = respond(
      401,
      "application/json",
      '{"isError":"1","Error":"The API key is not valid for this project.","ErrorCode":"INVALID_API_KEY","Data":{"Tokens":[]}}',
    );
    const error = await failure(listProjectTokens(at(allowedBase)));
    expect(error).toMatchObject({ kind: "refused", status: 401, code: "INVALID_API_KEY" });
    expect(error.message).toBe("The service refused the request: The API key is not valid for this project.");
    // A spec-only service's 404 on our extensions is still told apart, whatever its body.
    answer = (request, response) =>
      request.url?.startsWith("/api/public/Tokens/")
        ? respond(
            200,
            "application/json",
            '{"isError":"0","Error":"","Data":{"Tokens":[]}}',
          )(request, response)
        : respond(404, "text/html", "<h1>Cannot GET</h1>")(request, response);
    expect(await probeService(at(allowedBase))).toEqual({ extensions: false, tokens: 0 });
  });
});

describe("where the console calls", () => {
  it("refuses a loopback address the allow list does not name, and sends it nothing", async () => {
    const error = await failure(probeService(at(outsideBase)));
    expect(error).toMatchObject({ kind: "unreachable", networkCode: "ADDRESS_NOT_ALLOWED", status: null });
    expect(error.message).toMatch(/^The console does not call 127\.0\.0\.2: it is a loopback address\./);
    expect(error.message).not.toContain(SECRET);
    expect(received).toEqual([]);
  });

  it("refuses a redirect from an allowed service to it", async () => {
    answer = (_request, response) => {
      response.writeHead(307, { location: `${outsideBase}/latest/meta-data/` });
      response.end();
    };
    const error = await failure(probeService(at(allowedBase)));
    expect(error).toMatchObject({ kind: "unreachable", networkCode: "REDIRECT_NOT_ALLOWED" });
    expect(error.message).not.toContain("127.0.0.2");
    expect(received).toEqual([]);
  });

  it("without a policy, calls public addresses only", async () => {
    answer = respond(200, "application/json", '{"isError":"0","Error":"","Data":{"Tokens":[]}}');
    const { addresses: _, ...bare } = at(allowedBase);
    const error = await failure(listProjectTokens(bare));
    expect(error).toMatchObject({ kind: "unreachable", networkCode: "ADDRESS_NOT_ALLOWED" });
    expect(await listProjectTokens(at(allowedBase))).toMatchObject({ Data: { Tokens: [] } });
  });
});

describe("a request's body", () => {
  it("writes each amount as the exact number literal it holds, and refuses one that is not a JSON number", () => {
    const body = {
      RequestID: "r-1",
      Tokens: [
        { Guid: "g", Amount: new NumberLiteral("12345678901234567890.000000000000000001") },
        { Guid: "h", Amount: new NumberLiteral("0.5") },
      ],
    };
    expect(stringifyBody(body)).toBe(
      '{"RequestID":"r-1","Tokens":[{"Guid":"g","Amount":12345678901234567890.000000000000000001},{"Guid":"h","Amount":0.5}]}',
    );
    // Never sent as text the service would read as something else.
    expect(() => stringifyBody({ Amount: new NumberLiteral("1.") })).toThrow(SyntaxError);
    expect(() => stringifyBody({ Amount: new NumberLiteral("1e") })).toThrow(SyntaxError);
  });
});
