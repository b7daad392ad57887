import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RequestIds } from "../http/request-ids";
import { RequestLogBatch, type RequestLogRow, SEGMENT_MAX } from "./request-log-batch";

/** The request log's calls packed as they wait for a write (docs/service.md, "Request log"). */
const ROUTE = "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID";
const call = (overrides: Partial<RequestLogRow> = {}): RequestLogRow => ({
  at: 1_800_000_000_000,
  projectId: 1,
  keyId: 3,
  method: "GET",
  route: ROUTE,
  status: 200,
  durationUs: 87,
  errorCode: null,
  error: null,
  requestId: null,
  customerId: "player-1",
  callerRequestId: randomUUID(),
  ip: null,
  ...overrides,
});

describe("RequestLogBatch", () => {
  it("gives every call back as added, a project's together", () => {
    const ids = new RequestIds();
    const calls = [
      call({ callerRequestId: ids.next() }),
      call({ projectId: 2, callerRequestId: "caller-a", customerId: null, at: 1_800_000_000_005 }),
      call({ callerRequestId: ids.next(), at: 1_799_999_999_990, customerId: "player-2" }),
      call({
        callerRequestId: new RequestIds().next(),
        status: 409,
        errorCode: "X",
        error: "why",
        requestId: "rq",
      }),
      call({
        callerRequestId: ids.next().toUpperCase(),
        method: "POST",
        route: "/AwardTokens",
        requestId: "rq",
      }),
      call({ customerId: "nul\u0000", error: "half \ud800 pair", errorCode: "E", status: 500 }),
      call({ ip: "203.0.113.9", callerRequestId: ids.next() }),
    ];
    const batch = RequestLogBatch.of(calls);
    expect(batch.size).toBe(7);
    const stored = (text: string | null) =>
      text?.replace("\u0000", "\uFFFD").replace("\ud800", "\uFFFD") ?? null;
    const expected = [0, 2, 3, 4, 5, 6, 1].map((n) => {
      const c = calls[n] as RequestLogRow;
      return { ...c, customerId: stored(c.customerId), error: stored(c.error) };
    });
    expect(batch.rows()).toEqual(expected);
    // Each kind's latest call (its key's last use): project 1 has four kinds, project 2 one.
    expect(batch.segments().map((segment) => [segment.keyIds, segment.kindLastAt])).toEqual([
      [[3, 3, 3, 3], Array(4).fill(1_800_000_000_000)],
      [[3], [1_800_000_000_005]],
    ]);
  });

  it("keeps each text once per segment and the instance's own request ids as counters", () => {
    const ids = new RequestIds();
    const batch = RequestLogBatch.of([
      call({ callerRequestId: ids.next() }),
      call({ callerRequestId: ids.next(), customerId: "player-2", at: 1_800_000_000_250 }),
      call({ callerRequestId: "mine", status: 404, errorCode: "NOT_FOUND", error: "No such thing." }),
      call({ callerRequestId: ids.next(), method: "POST", route: "/AwardTokens", requestId: "rq-1" }),
      call({
        callerRequestId: ids.next(),
        route: "/Prices/:YourAPIKEY/:ProjectGuid/:Chains/:IsAll",
        ip: "2001:db8::1",
      }),
    ]);
    const [segment] = batch.segments();
    expect(segment).toMatchObject({
      projectId: 1,
      count: 5,
      errors: 1,
      firstAt: 1_800_000_000_000,
      lastAt: 1_800_000_000_250,
      // Its kinds of call: key id, status, method and route together, once each.
      keyIds: [3, 3, 3, 3],
      statuses: [200, 404, 200, 200],
      methods: ["GET", "GET", "POST", "GET"],
      routes: [ROUTE, ROUTE, "/AwardTokens", "/Prices/:YourAPIKEY/:ProjectGuid/:Chains/:IsAll"],
      customerIds: ["player-1", "player-2"],
      requestIds: ["rq-1"],
      idPrefix: ids.prefix,
    });
    // [ms after the entry before, kind, µs, customer, caller (its counter's step), ErrorCode, Error, RequestID, IP]
    expect(JSON.parse(segment?.entries ?? "")).toEqual([
      [0, 0, 87, 0, 1],
      [250, 0, 87, 1, 1],
      [-250, 1, 87, 0, "mine", "NOT_FOUND", "No such thing."],
      [0, 2, 87, 0, 1, null, null, 0],
      [0, 3, 87, 0, 1, null, null, null, "2001:db8::1"],
    ]);
    expect(batch.rows().at(-1)?.ip).toBe("2001:db8::1");
  });

  it("keeps each kind's latest call, whatever the order calls came in", () => {
    const batch = RequestLogBatch.of([
      call({ keyId: 3, at: 1_000 }),
      call({ keyId: 4, at: 1_500, status: 404 }),
      call({ keyId: 3, at: 3_000, status: 409 }),
      call({ keyId: 3, at: 2_000 }),
      call({ keyId: 4, at: 1_200, projectId: 2 }),
      call({ keyId: 4, at: 2_500, projectId: 2, method: "POST", route: "/AwardTokens" }),
      call({ keyId: 3, at: 500, projectId: 2 }),
    ]);
    expect(
      batch.segments().map((segment) => ({ keyIds: segment.keyIds, kindLastAt: segment.kindLastAt })),
    ).toEqual([
      { keyIds: [3, 4, 3], kindLastAt: [2_000, 1_500, 3_000] },
      { keyIds: [4, 4, 3], kindLastAt: [1_200, 2_500, 500] },
    ]);
  });

  it("takes the counter the app gives for an id it made, and keeps a caller's id (-1) as text even when it looks made", () => {
    const mine = new RequestIds();
    const other = new RequestIds();
    const theirs = other.next();
    const first = mine.next();
    const second = mine.next();
    const batch = RequestLogBatch.of([
      // A caller may send another instance's id as its own: it is text, and names no prefix.
      call({ callerRequestId: theirs, madeCounter: -1 }),
      call({ callerRequestId: first, madeCounter: mine.counter - 1 }),
      call({ callerRequestId: second, madeCounter: mine.counter }),
    ]);
    const [segment] = batch.segments();
    expect(segment?.idPrefix).toBe(mine.prefix);
    expect(JSON.parse(segment?.entries ?? "").map((entry: unknown[]) => entry[4])).toEqual([theirs, 1, 1]);
    expect(batch.rows().map((row) => row.callerRequestId)).toEqual([theirs, first, second]);
  });

  it("starts a new segment for a project past SEGMENT_MAX calls", () => {
    const batch = new RequestLogBatch();
    for (let n = 0; n <= SEGMENT_MAX; n += 1) batch.add(call({ callerRequestId: `c${n}` }));
    expect(batch.segments().map((segment) => segment.count)).toEqual([SEGMENT_MAX, 1]);
    expect(
      batch
        .rows()
        .map((row) => row.callerRequestId)
        .slice(-2),
    ).toEqual([`c${SEGMENT_MAX - 1}`, `c${SEGMENT_MAX}`]);
  });
});
