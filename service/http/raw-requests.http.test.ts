import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY, PROJECT } from "@/testing/service/fixtures";
import { startTestService, type TestService } from "@/testing/service/harness";
import { portOf, type RawAnswer, rawRequest } from "@/testing/service/raw-http";

// What Node reads before any route: every answer still carries the envelope (rule 1).
let service: TestService;
let port: number;
beforeAll(async () => {
  service = await startTestService();
  port = portOf(service.base);
});
afterAll(() => service.stop());

const get = (path: string) =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`);

function expectEnvelope(answer: RawAnswer, status: number, code: string, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ isError: "1", Error: message, ErrorCode: code });
  expect(answer.head).toMatch(/^content-type: application\/json; charset=utf-8$/im);
}

describe("rule 1: answers to requests Node cannot read are in the envelope", () => {
  it("rule 1: a 100 KB URL is 431 naming the size limit", async () => {
    const answer = await get(`/api/public/Tokens/${KEY}/${PROJECT}/${"a".repeat(100_000)}`);
    expectEnvelope(
      answer,
      431,
      "HEADERS_TOO_LARGE",
      "The URL and headers together are longer than 16384 bytes; a path parameter is at most 4096 characters.",
    );
  });

  it.each([
    ["a request line that is not HTTP", "GARBAGE\r\n\r\n"],
    ["an invalid method", "G@T /api/public/health HTTP/1.1\r\nHost: test\r\n\r\n"],
    ["a header with a space in its name", "GET /api/public/health HTTP/1.1\r\nHo st: test\r\n\r\n"],
    [
      "two Content-Length headers",
      "POST /api/public/AwardTokens HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
    ],
  ])("rule 1: malformed HTTP (%s) is 400", async (_name, bytes) => {
    const answer = await rawRequest(port, bytes);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ isError: "1", ErrorCode: "INVALID_REQUEST" });
    expect(answer.json.Error).toMatch(/^The request is not valid HTTP\/1\.1 \(HPE_[A-Z_]+\)\.$/);
    expect(answer.closed).toBe(true);
  });

  it("rule 3: a 10 KB path segment is 400 naming the length rule, not the percent-encoding", async () => {
    const answer = await get(`/api/public/Tokens/${KEY}/${PROJECT}/${"b".repeat(10_000)}`);
    expectEnvelope(
      answer,
      400,
      "INVALID_REQUEST",
      "The URL is not valid: a path parameter is longer than 4096 characters.",
    );
  });

  it("rule 3: a malformed percent-encoding is still named as such", async () => {
    const answer = await get(`/api/public/Tokens/${KEY}/${PROJECT}/%zz`);
    expectEnvelope(
      answer,
      400,
      "INVALID_REQUEST",
      "The URL is not valid: a path parameter holds a malformed percent-encoding.",
    );
  });
});
