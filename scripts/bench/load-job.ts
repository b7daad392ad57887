/** What the benchmark asks the load generator to do, and what it answers (both sides of the IPC). */

interface JobBase {
  /** Origin of the server under test, e.g. http://127.0.0.1:3001 */
  origin: string;
  connections: number;
  /** Seconds. */
  duration: number;
}

/** GETs whose path may hold `{customer}`: replaced per request by a random customer id. */
export interface GetJob extends JobBase {
  kind: "get";
  path: string;
  /** Customer ids are `customer-0` … `customer-(customers-1)` (service/db/scale-fixture.ts). */
  customers: number;
  /** Request headers, e.g. If-None-Match. */
  headers?: Record<string, string>;
  /** The status every answer must have (default: any 2xx), e.g. 304. */
  expectStatus?: number;
}

/** `POST /AwardTokens`, each request with a fresh RequestID and a random customer. */
export interface AwardJob extends JobBase {
  kind: "award";
  path: string;
  apiKey: string;
  projectGuid: string;
  customers: number;
  isAllowance: boolean;
  wallet: string;
  /** One line per request, taken in turn from this list. */
  lines: { Guid: string; ContractGuid: string }[];
  /** A JSON number literal. */
  amount: string;
}

export type LoadJob = GetJob | AwardJob;

export interface LoadResult {
  responses: number;
  seconds: number;
  requestsPerSecond: number;
  /** Milliseconds, from every response's own timing (autocannon's histogram has 1 ms steps). */
  p50: number;
  p99: number;
  /** Answers with another status than the job expects (non-2xx by default). */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status code → count, non-2xx only. */
  statuses: Record<string, number>;
  /** Awards only: 200 answers whose Status was not "Completed". */
  notCompleted: number;
  /** The first non-2xx body seen, to say why a phase failed. */
  sampleFailure: string;
  /** Every response's latency in ms, so that runs can be merged (dropped once merged). */
  latencies?: number[];
}

export type WorkerMessage = { id: number; result: LoadResult } | { id: number; error: string };

/** The nearest-rank quantile q (0–1) of latencies in ms (NaN without any). */
export function quantile(latencies: readonly number[], q: number): number {
  const sorted = Float64Array.from(latencies).sort();
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number);
}

/** Nearest-rank p50 and p99 of latencies in ms (NaN without any). */
export function percentiles(latencies: readonly number[]): { p50: number; p99: number } {
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

/** One result from several runs of the same job: counts add up, percentiles over all responses. */
export function mergeResults(results: readonly LoadResult[]): LoadResult {
  const latencies = results.flatMap((r) => r.latencies ?? []);
  const responses = results.reduce((n, r) => n + r.responses, 0);
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const sum = (pick: (r: LoadResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  return {
    responses,
    seconds,
    requestsPerSecond: responses / seconds,
    ...percentiles(latencies),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statuses,
    notCompleted: sum((r) => r.notCompleted),
    sampleFailure: results.find((r) => r.sampleFailure)?.sampleFailure ?? "",
  };
}
