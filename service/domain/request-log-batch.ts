/**
 * The request log's calls as they wait for a write, packed as they arrive (docs/service.md,
 * "Request log"): per project, numbers in typed arrays and every repeated text once. A call's
 * entry object dies young; what waits for the next write is a few bytes per call outside the
 * JavaScript heap, so a busy service does not carry thousands of objects into the garbage
 * collector's old generation every quarter of a second (docs/benchmarks.md, "the request log's
 * cost"). `segments()` makes the rows migration 0013 stores; `rows()` gives the calls back.
 */

/** One call that passed the key check, as the app hands it over. */
export interface RequestLogRow {
  /** When the call arrived, ms since the epoch. */
  at: number;
  projectId: number;
  /** `api_keys.id` of the key it was made with. */
  keyId: number;
  method: string;
  /** The route pattern without `/api/public` (`/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID`). */
  route: string;
  status: number;
  durationUs: number;
  errorCode: string | null;
  error: string | null;
  requestId: string | null;
  customerId: string | null;
  callerRequestId: string;
  /** The `IP` query parameter of a Prices call (the buyer's address, docs/service.md, "Prices"). */
  ip: string | null;
}

/** One segment's row: a project's calls of one write (service/db/schema.ts, requestLogSegments). */
export interface Segment {
  projectId: number;
  firstAt: number;
  lastAt: number;
  count: number;
  errors: number;
  keyIds: number[];
  statuses: number[];
  methods: string[];
  routes: string[];
  customerIds: string[];
  requestIds: string[];
  idPrefix: string;
  /** The entries, `[[ms after firstAt, key id, pair, status, µs, customer, caller, ErrorCode, Error, RequestID, IP], …]`. */
  entries: string;
}

const NUL = String.fromCharCode(0);

/**
 * A text as the log can keep it: PostgreSQL's text holds no NUL, and its JSON no lone surrogate
 * (a half of a UTF-16 pair): each becomes U+FFFD, so that one odd value never fails a batch.
 */
export function storable(text: string): string {
  const whole = text.includes(NUL) ? text.split(NUL).join("\uFFFD") : text;
  const checked = whole as unknown as { isWellFormed(): boolean; toWellFormed(): string };
  return checked.isWellFormed() ? whole : checked.toWellFormed();
}

/** A request id the service made (service/http/request-ids.ts): a version 8 UUID, a counter at the end. */
const MADE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MADE_ID_PREFIX = 24;
const COUNTER = /^[0-9a-f]{12}$/;

/** Each distinct text once, in the order first seen; a text's place in that order. */
class Dictionary {
  readonly values: string[] = [];
  private readonly places = new Map<string, number>();
  place(value: string): number {
    let place = this.places.get(value);
    if (place === undefined) {
      place = this.values.length;
      this.places.set(value, place);
      this.values.push(value);
    }
    return place;
  }
}

/** What few calls have: a caller's own request id, a failure, a RequestID (by its place), an IP. */
interface Rare {
  caller: string | null;
  errorCode: string | null;
  error: string | null;
  requestId: number | null;
  ip: string | null;
}

const grown = <T extends Float64Array | Int32Array>(array: T, make: (size: number) => T): T => {
  const bigger = make(array.length * 2);
  bigger.set(array);
  return bigger;
};

/** An entry's fields after the caller's id — ErrorCode, Error, RequestID place, IP — without trailing nulls. */
function rareTail(rare: Rare): string {
  const fields = [rare.errorCode, rare.error, rare.requestId, rare.ip];
  let last = fields.length - 1;
  while (last >= 0 && fields[last] === null) last -= 1;
  let tail = "";
  for (let i = 0; i <= last; i += 1) tail += `,${JSON.stringify(fields[i])}`;
  return tail;
}

/** One project's calls of a batch, column by column. */
class ProjectCalls {
  count = 0;
  errors = 0;
  firstAt = Number.POSITIVE_INFINITY;
  lastAt = 0;
  idPrefix = "";
  private at = new Float64Array(64);
  private callerCounter = new Float64Array(64);
  private numbers = new Int32Array(64 * 5);
  private readonly pairs = new Map<string, Map<string, number>>();
  readonly methods: string[] = [];
  readonly routes: string[] = [];
  readonly customers = new Dictionary();
  readonly requestIds = new Dictionary();
  readonly keyIds = new Set<number>();
  readonly statuses = new Set<number>();
  private readonly rare = new Map<number, Rare>();

  constructor(readonly projectId: number) {}

  add(call: RequestLogRow): void {
    const n = this.count;
    if (n === this.at.length) {
      this.at = grown(this.at, (size) => new Float64Array(size));
      this.callerCounter = grown(this.callerCounter, (size) => new Float64Array(size));
      this.numbers = grown(this.numbers, (size) => new Int32Array(size));
    }
    this.count = n + 1;
    this.at[n] = call.at;
    if (call.at < this.firstAt) this.firstAt = call.at;
    if (call.at > this.lastAt) this.lastAt = call.at;
    const at = n * 5;
    this.numbers[at] = call.keyId;
    this.numbers[at + 1] = this.pair(call.method, call.route);
    this.numbers[at + 2] = call.status;
    this.numbers[at + 3] = call.durationUs;
    this.numbers[at + 4] = call.customerId === null ? -1 : this.customers.place(storable(call.customerId));
    this.keyIds.add(call.keyId);
    this.statuses.add(call.status);
    if (call.status >= 400) this.errors += 1;
    const counter = this.madeCounter(call.callerRequestId);
    this.callerCounter[n] = counter;
    if (
      counter < 0 ||
      call.errorCode !== null ||
      call.error !== null ||
      call.requestId !== null ||
      call.ip !== null
    )
      this.rare.set(n, {
        caller: counter < 0 ? storable(call.callerRequestId) : null,
        errorCode: call.errorCode === null ? null : storable(call.errorCode),
        error: call.error === null ? null : storable(call.error),
        requestId: call.requestId === null ? null : this.requestIds.place(storable(call.requestId)),
        ip: call.ip === null ? null : storable(call.ip),
      });
  }

  /** The counter of an id this segment's instance made, or -1 for any other id. */
  private madeCounter(id: string): number {
    if (this.idPrefix === "") {
      if (!MADE_ID.test(id)) return -1;
      this.idPrefix = id.slice(0, MADE_ID_PREFIX);
    }
    if (id.length !== 36 || !id.startsWith(this.idPrefix)) return -1;
    const counter = id.slice(MADE_ID_PREFIX);
    return COUNTER.test(counter) ? Number.parseInt(counter, 16) : -1;
  }

  /** A (method, route) pair's place: by route, then method (no key text made per call). */
  private pair(method: string, route: string): number {
    let byMethod = this.pairs.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.pairs.set(route, byMethod);
    }
    let place = byMethod.get(method);
    if (place === undefined) {
      place = this.methods.length;
      byMethod.set(method, place);
      this.methods.push(storable(method));
      this.routes.push(storable(route));
    }
    return place;
  }

  /**
   * The segment: each entry `[ms after firstAt, key id, pair, status, µs, customer place, caller,
   * ErrorCode, Error, RequestID place, IP]`, trailing nulls left out, the caller as its counter when
   * this instance made it — a read answered from memory is about 25 characters.
   */
  segment(): Segment {
    let entries = "[";
    for (let n = 0; n < this.count; n += 1) {
      const at = n * 5;
      const customer = this.numbers[at + 4] as number;
      const rare = this.rare.get(n);
      const counter = this.callerCounter[n] as number;
      let entry = `[${(this.at[n] as number) - this.firstAt},${this.numbers[at]},${this.numbers[at + 1]},${this.numbers[at + 2]},${this.numbers[at + 3]},${customer < 0 ? "null" : customer},${counter < 0 ? JSON.stringify(rare?.caller ?? "") : counter}`;
      if (rare) entry += rareTail(rare);
      entries += n > 0 ? `,${entry}]` : `${entry}]`;
    }
    return {
      projectId: this.projectId,
      firstAt: this.firstAt,
      lastAt: this.lastAt,
      count: this.count,
      errors: this.errors,
      keyIds: [...this.keyIds],
      statuses: [...this.statuses],
      methods: this.methods,
      routes: this.routes,
      customerIds: this.customers.values,
      requestIds: this.requestIds.values,
      idPrefix: this.idPrefix,
      entries: `${entries}]`,
    };
  }

  /** The calls again, as added (texts as the log keeps them). */
  rows(): RequestLogRow[] {
    return Array.from({ length: this.count }, (_, n) => {
      const at = n * 5;
      const rare = this.rare.get(n);
      const customer = this.numbers[at + 4] as number;
      const counter = this.callerCounter[n] as number;
      const pair = this.numbers[at + 1] as number;
      return {
        at: this.at[n] as number,
        projectId: this.projectId,
        keyId: this.numbers[at] as number,
        method: this.methods[pair] as string,
        route: this.routes[pair] as string,
        status: this.numbers[at + 2] as number,
        durationUs: this.numbers[at + 3] as number,
        errorCode: rare?.errorCode ?? null,
        error: rare?.error ?? null,
        requestId: rare?.requestId == null ? null : (this.requestIds.values[rare.requestId] as string),
        customerId: customer < 0 ? null : (this.customers.values[customer] as string),
        callerRequestId:
          counter < 0 ? (rare?.caller as string) : this.idPrefix + counter.toString(16).padStart(12, "0"),
        ip: rare?.ip ?? null,
      };
    });
  }
}

/** Calls per segment at most, so that an entry's place fits its id (migration 0013: × 100,000). */
export const SEGMENT_MAX = 50_000;

/** The calls waiting for one write: a segment per project (and per SEGMENT_MAX calls). */
export class RequestLogBatch {
  private readonly open = new Map<number, ProjectCalls>();
  private readonly full: ProjectCalls[] = [];
  /** Calls added. */
  size = 0;
  /** Each key's latest call, ms since the epoch (its `last_used_at`). */
  readonly lastUsed = new Map<number, number>();

  static of(calls: readonly RequestLogRow[]): RequestLogBatch {
    const batch = new RequestLogBatch();
    for (const call of calls) batch.add(call);
    return batch;
  }

  add(call: RequestLogRow): void {
    let calls = this.open.get(call.projectId);
    if (calls === undefined || calls.count === SEGMENT_MAX) {
      if (calls !== undefined) this.full.push(calls);
      calls = new ProjectCalls(call.projectId);
      this.open.set(call.projectId, calls);
    }
    calls.add(call);
    this.size += 1;
    const latest = this.lastUsed.get(call.keyId);
    if (latest === undefined || call.at > latest) this.lastUsed.set(call.keyId, call.at);
  }

  private parts(): ProjectCalls[] {
    return [...this.full, ...this.open.values()];
  }

  segments(): Segment[] {
    return this.parts().map((calls) => calls.segment());
  }

  /** The calls, a project's together (each project's in the order added). */
  rows(): RequestLogRow[] {
    return this.parts().flatMap((calls) => calls.rows());
  }
}
