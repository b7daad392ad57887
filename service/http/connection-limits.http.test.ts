import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY, PROJECT } from "@/testing/service/fixtures";
import { startTestService, type TestService } from "@/testing/service/harness";
import { portOf, type RawAnswer, RawConnection, rawRequest } from "@/testing/service/raw-http";
import { TEST_LIMITS } from "@/testing/test-limits";
import type { ConnectionLimits } from "../env";

// Small limits, so the test sees them act within seconds (docs/service.md, "Limits").
const limits: ConnectionLimits = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 5000,
  connectionTimeoutMs: 0,
  maxConnections: 40,
};

let service: TestService;
let port: number;
beforeAll(async () => {
  service = await startTestService({ limits });
  port = portOf(service.base);
});
afterAll(() => service.stop());

const health = () =>
  rawRequest(port, "GET /api/public/health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");

/** A POST whose headers promise 100 bytes of body, and then only one. */
const halfBody = () =>
  `POST /api/public/AwardTokens HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;

function expectEnvelope(answer: RawAnswer, status: number, code: string, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ isError: "1", Error: expect.stringMatching(message), ErrorCode: code });
  expect(answer.head).toMatch(/^Content-Type: application\/json/im);
  expect(answer.closed).toBe(true);
}

describe("rule 18: slow clients and the connection cap", () => {
  it("rule 18: many slow connections holding half a body: health stays green, each is answered and closed", async () => {
    // 2.5 times the cap, each holding a half-sent body, opened one after the other.
    const slow: RawConnection[] = [];
    const healthChecks: Promise<RawAnswer>[] = [];
    for (let i = 0; i < 100; i += 1) {
      const connection = new RawConnection(port, halfBody());
      await connection.ready();
      slow.push(connection);
      if (i % 10 === 9) healthChecks.push(health());
    }
    // While the slow ones hold on, the service keeps answering its health check.
    for (let i = 0; i < 5; i += 1) {
      healthChecks.push(health());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const healthAnswers = await Promise.all(healthChecks);
    expect(healthAnswers.map((answer) => answer.status)).toEqual(healthAnswers.map(() => 200));

    // Every slow connection is answered in the envelope and closed: the oldest made room for
    // newer ones (503), the rest ran out of time (408).
    const answers = await Promise.all(
      // The service closes each one when it answers: the wait is patience for a busy machine.
      slow.map((connection) => connection.answer(TEST_LIMITS.startMs)),
    );
    for (const connection of slow) connection.close();
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 503 && status !== 408)).toEqual([]);
    expect(statuses).toContain(503);
    expect(statuses).toContain(408);
    for (const answer of answers) {
      if (answer.status === 503) {
        expectEnvelope(answer, 503, "OVERLOADED", /too many open connections \(40\); retry in a moment/);
        expect(answer.head).toMatch(/^Retry-After: 1$/m);
      } else {
        expectEnvelope(
          answer,
          408,
          "REQUEST_TIMEOUT",
          /headers must arrive within 1 s and the whole request within 2 s/,
        );
      }
    }
    expect((await health()).status).toBe(200);
  });

  it("rule 18: a client that sends its headers too slowly gets 408 in the envelope", async () => {
    const connection = new RawConnection(
      port,
      `GET /api/public/Tokens/${KEY}/${PROJECT} HTTP/1.1\r\nHost: te`,
    );
    const answer = await connection.answer(TEST_LIMITS.startMs);
    connection.close();
    expectEnvelope(answer, 408, "REQUEST_TIMEOUT", /The request did not arrive in time/);
  });

  it("rule 18: new clients get in while idle connections fill the cap", async () => {
    // Every slot taken by a connection that sent nothing yet; each new one replaces the oldest.
    const idle = await Promise.all(
      Array.from({ length: limits.maxConnections }, async () => {
        const connection = new RawConnection(port);
        await connection.ready();
        return connection;
      }),
    );
    const reads = await Promise.all(
      Array.from({ length: 10 }, () =>
        rawRequest(
          port,
          `GET /api/public/Tokens/${KEY}/${PROJECT} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`,
        ),
      ),
    );
    for (const connection of idle) connection.close();
    // Unknown key here (no fixture): 401 in the envelope — answered, not refused with 503.
    expect(reads.map((answer) => answer.status)).toEqual(reads.map(() => 401));
  });
});
