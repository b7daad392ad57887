/**
 * The request log's calls as they wait for a write, packed as they arrive (docs/service.md,
 * "Request log"): per project, numbers in typed arrays and every repeated text once. A call's
 * entry object dies young; what waits for the next write is a few bytes per call outside the
 * JavaScript heap, so a busy service does not carry thousands of objects into the garbage
 * collector's old generation every quarter of a second (docs/benchmarks.md,
 * "Service: the request log's cost"). `segments()` makes the rows migrations 0013 and 0014
 * store; `rows()` gives the calls back.
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
  /**
   * Set by the app: the counter of `callerRequestId` when this instance made it
   * (service/http/request-ids.ts), or -1 for a caller's own id. Left out, it is read from the id.
   */
  madeCounter?: number;
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
  /** Its kinds of call (key id, status, method, route), an entry naming one by its place. */
  keyIds: number[];
  statuses: number[];
  methods: string[];
  routes: string[];
  /** Each kind's latest call, ms since the epoch (its key's `last_used_at`, migration 0016). */
  kindLastAt: number[];
  customerIds: string[];
  requestIds: string[];
  idPrefix: string;
  /** The entries, `[[ms after the one before, kind, µs, customer, caller, ErrorCode, Error, RequestID, IP], …]`. */
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

/**
 * Each distinct text once, in the order first seen, as the log can keep it (`storable`); a text's
 * place in that order. A text seen before is found as given, without looking at it again.
 */
class Dictionary {
  readonly values: string[] = [];
  private readonly places = new Map<string, number>();
  place(value: string): number {
    let place = this.places.get(value);
    if (place === undefined) {
      place = this.values.length;
      this.places.set(value, place);
      this.values.push(storable(value));
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

/** Numbers kept per call besides its time and caller: its kind, µs and CustomerID place (-1: none). */
const STRIDE = 3;

/**
 * One project's calls of a batch, column by column. A call's key id, method, route and status
 * together are its *kind*, kept once per segment (most calls of a segment share a few): the
 * segment's `key_ids`, `methods`, `routes` and `statuses` are its kinds' (migration 0014).
 */
class ProjectCalls {
  count = 0;
  errors = 0;
  firstAt = Number.POSITIVE_INFINITY;
  lastAt = 0;
  idPrefix = "";
  private at = new Float64Array(64);
  private callerCounter = new Float64Array(64);
  private numbers = new Int32Array(64 * STRIDE);
  private readonly kinds = new Map<string, number>();
  readonly keyIds: number[] = [];
  readonly methods: string[] = [];
  readonly routes: string[] = [];
  readonly statuses: number[] = [];
  /** Each kind's latest call, ms since the epoch (its key's `last_used_at`). */
  readonly kindLastAt: number[] = [];
  readonly customers = new Dictionary();
  readonly requestIds = new Dictionary();
  private readonly rare = new Map<number, Rare>();
  // The last call's kind: calls in a row are mostly of one kind, found without a lookup.
  private lastKind = -1;
  private lastKeyId = 0;
  private lastStatus = 0;
  private lastMethod = "";
  private lastRoute = "";

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
    const at = n * STRIDE;
    const kind = this.kindOf(call);
    this.numbers[at] = kind;
    if (call.at > (this.kindLastAt[kind] as number)) this.kindLastAt[kind] = call.at;
    this.numbers[at + 1] = call.durationUs;
    this.numbers[at + 2] = call.customerId === null ? -1 : this.customers.place(call.customerId);
    if (call.status >= 400) this.errors += 1;
    const counter = this.counterOf(call);
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
        requestId: call.requestId === null ? null : this.requestIds.place(call.requestId),
        ip: call.ip === null ? null : storable(call.ip),
      });
  }

  /** A call's kind: its place in the kinds' arrays. */
  private kindOf(call: RequestLogRow): number {
    if (
      call.keyId === this.lastKeyId &&
      call.status === this.lastStatus &&
      call.route === this.lastRoute &&
      call.method === this.lastMethod &&
      this.lastKind >= 0
    )
      return this.lastKind;
    const name = `${call.keyId} ${call.status} ${call.method} ${call.route}`;
    let kind = this.kinds.get(name);
    if (kind === undefined) {
      kind = this.keyIds.length;
      this.kinds.set(name, kind);
      this.keyIds.push(call.keyId);
      this.statuses.push(call.status);
      this.methods.push(storable(call.method));
      this.routes.push(storable(call.route));
      this.kindLastAt.push(call.at);
    }
    this.lastKind = kind;
    this.lastKeyId = call.keyId;
    this.lastStatus = call.status;
    this.lastMethod = call.method;
    this.lastRoute = call.route;
    return kind;
  }

  /** The counter of the call's id when this segment's instance made it, or -1. */
  private counterOf(call: RequestLogRow): number {
    const made = call.madeCounter;
    if (made === undefined) return this.madeCounter(call.callerRequestId);
    if (made >= 0 && this.idPrefix === "") this.idPrefix = call.callerRequestId.slice(0, MADE_ID_PREFIX);
    return made;
  }

  /** The counter of an id this segment's instance made, read from the id; -1 for any other id. */
  private madeCounter(id: string): number {
    if (this.idPrefix === "") {
      if (!MADE_ID.test(id)) return -1;
      this.idPrefix = id.slice(0, MADE_ID_PREFIX);
    }
    if (id.length !== 36 || !id.startsWith(this.idPrefix)) return -1;
    // Read digit by digit: a slice, a pattern and parseInt per call cost several times as much.
    let counter = 0;
    for (let i = MADE_ID_PREFIX; i < 36; i += 1) {
      const code = id.charCodeAt(i);
      const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
      if (digit < 0) return -1;
      counter = counter * 16 + digit;
    }
    return counter;
  }

  /**
   * The segment: each entry `[ms after the entry before (the first: after firstAt), kind, µs,
   * CustomerID place, caller, ErrorCode, Error, RequestID place, IP]`, trailing nulls left out; the
   * caller, when this instance made its id, as its counter less the counter before it in the
   * segment (the first: the counter) — a read answered from memory is about 15 characters.
   */
  segment(): Segment {
    let entries = "[";
    let before = this.firstAt;
    let counterBefore = 0;
    for (let n = 0; n < this.count; n += 1) {
      const at = n * STRIDE;
      const customer = this.numbers[at + 2] as number;
      const rare = this.rare.get(n);
      const counter = this.callerCounter[n] as number;
      const time = this.at[n] as number;
      let caller: string | number;
      if (counter < 0) caller = JSON.stringify(rare?.caller ?? "");
      else {
        caller = counter - counterBefore;
        counterBefore = counter;
      }
      let entry = `[${time - before},${this.numbers[at]},${this.numbers[at + 1]},${customer < 0 ? "null" : customer},${caller}`;
      before = time;
      if (rare) entry += rareTail(rare);
      entries += n > 0 ? `,${entry}]` : `${entry}]`;
    }
    return {
      projectId: this.projectId,
      firstAt: this.firstAt,
      lastAt: this.lastAt,
      count: this.count,
      errors: this.errors,
      keyIds: this.keyIds,
      statuses: this.statuses,
      methods: this.methods,
      routes: this.routes,
      kindLastAt: this.kindLastAt,
      customerIds: this.customers.values,
      requestIds: this.requestIds.values,
      idPrefix: this.idPrefix,
      entries: `${entries}]`,
    };
  }

  /** The calls again, as added (texts as the log keeps them). */
  rows(): RequestLogRow[] {
    return Array.from({ length: this.count }, (_, n) => {
      const at = n * STRIDE;
      const rare = this.rare.get(n);
      const kind = this.numbers[at] as number;
      const customer = this.numbers[at + 2] as number;
      const counter = this.callerCounter[n] as number;
      return {
        at: this.at[n] as number,
        projectId: this.projectId,
        keyId: this.keyIds[kind] as number,
        method: this.methods[kind] as string,
        route: this.routes[kind] as string,
        status: this.statuses[kind] as number,
        durationUs: this.numbers[at + 1] as number,
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
  /** The last call's project's calls: calls in a row are mostly of one project. */
  private recent: ProjectCalls | undefined;
  /** Calls added. */
  size = 0;

  static of(calls: readonly RequestLogRow[]): RequestLogBatch {
    const batch = new RequestLogBatch();
    for (const call of calls) batch.add(call);
    return batch;
  }

  add(call: RequestLogRow): void {
    let calls = this.recent?.projectId === call.projectId ? this.recent : this.open.get(call.projectId);
    if (calls === undefined || calls.count === SEGMENT_MAX) {
      if (calls !== undefined) this.full.push(calls);
      calls = new ProjectCalls(call.projectId);
      this.open.set(call.projectId, calls);
    }
    this.recent = calls;
    calls.add(call);
    this.size += 1;
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
