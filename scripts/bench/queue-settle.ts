import { randomUUID } from "node:crypto";

/**
 * The queue under load (docs/service.md, "Awards"; issue 11, "Settlement that does not block"):
 * direct awards on one contract with an empty queue and with N awards waiting on another contract
 * (an award's cost must not grow with the queue), then one funding that settles all N in batches
 * while direct awards on the first contract go on one at a time (none of them may wait for the
 * settlement). Over HTTP against a running service; used by `npm run bench` and award-throughput.ts.
 */

export interface TokenLine {
  Guid: string;
  ContractGuid: string;
}

export interface QueueSetup {
  /** `…/api/public` of the service. */
  base: string;
  apiKey: string;
  projectGuid: string;
  /** The contract of the direct awards timed before, with and during the queue (funded enough). */
  probe: TokenLine;
  /** The contract the queue fills. */
  queue: TokenLine;
  /**
   * The first queued award's amount: more than the queue contract's project wallet holds, so that
   * every award after it waits behind it. A whole number below 2^53 (the funding adds to it).
   */
  headAmount: number;
  /** A random existing customer for the probes. */
  customer(): string;
  wallet: string;
  /** Awards to queue behind the head. */
  awards: number;
}

export interface QueueResult {
  awards: number;
  fillSeconds: number;
  /** p50 ms of direct awards on the probe contract, sent one at a time. */
  emptyP50: number;
  queuedP50: number;
  settleSeconds: number;
  /** Awards the funding answered as settled (the head and the N behind it). */
  settled: number;
  /** Direct awards on the probe contract answered while the funding ran. */
  during: { count: number; p50: number; max: number };
  /** Awards this measurement created (all Completed once it is done). */
  created: number;
  problems: string[];
}

/** Direct awards on the probe contract sent one after the other, before and with the queue. */
const PROBES = 200;

async function post(url: string, body: string): Promise<{ ms: number; status: number; text: string }> {
  const t0 = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await response.text();
  return { ms: performance.now() - t0, status: response.status, text };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)] ?? Number.NaN;
};

export async function measureQueue(setup: QueueSetup): Promise<QueueResult> {
  if (!Number.isSafeInteger(setup.headAmount + setup.awards))
    throw new Error("measureQueue: the head amount must be a whole number below 2^53");
  const problems: string[] = [];
  const head = `{"ApiKey":${JSON.stringify(setup.apiKey)},"ProjectGuid":"${setup.projectGuid}"`;
  const award = (line: TokenLine, customer: string, amount: number) =>
    `${head},"RequestID":"${randomUUID()}","IsAllowance":false,"CustomerID":${JSON.stringify(customer)},` +
    `"Wallet":${JSON.stringify(setup.wallet)},"Tokens":[{"Guid":"${line.Guid}","ContractGuid":"${line.ContractGuid}","Amount":${amount}}]}`;
  const awardsUrl = `${setup.base}/AwardTokens`;
  const probe = async () => {
    const answer = await post(awardsUrl, award(setup.probe, setup.customer(), 1));
    if (answer.status !== 200 || !answer.text.includes('"Completed"'))
      problems.push(`a direct award on the probe contract: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer.ms;
  };
  const probes = async () => {
    const latencies: number[] = [];
    for (let i = 0; i < PROBES; i += 1) latencies.push(await probe());
    return median(latencies);
  };

  const emptyP50 = await probes();
  const first = await post(awardsUrl, award(setup.queue, "queue-head", setup.headAmount));
  if (!first.text.includes('"Queued"'))
    problems.push(`the queue's first award was not queued: ${first.text.slice(0, 200)}`);
  const filling = performance.now();
  for (let sent = 0; sent < setup.awards; sent += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, setup.awards - sent) }, (_, i) =>
        post(awardsUrl, award(setup.queue, `queue-${(sent + i) % 1000}`, 1)),
      ),
    );
    const wrong = answers.find((a) => a.status !== 200 || !a.text.includes('"Queued"'));
    if (wrong) problems.push(`an award was not queued: ${wrong.status} ${wrong.text.slice(0, 200)}`);
  }
  const fillSeconds = (performance.now() - filling) / 1000;
  const queuedP50 = await probes();

  const funding = post(
    `${setup.base}/FundWallet`,
    `${head},"RequestID":"${randomUUID()}","Tokens":[{"Guid":"${setup.queue.Guid}",` +
      `"ContractGuid":"${setup.queue.ContractGuid}","Amount":${setup.headAmount + setup.awards}}]}`,
  );
  let done = false;
  void funding.finally(() => {
    done = true;
  });
  const during: number[] = [];
  while (!done) during.push(await probe());
  const answer = await funding;
  const settled = (JSON.parse(answer.text) as { Settled?: string[] }).Settled?.length ?? 0;
  if (answer.status !== 200 || settled !== setup.awards + 1)
    problems.push(`the funding answered ${answer.status} and settled ${settled} of ${setup.awards + 1}`);
  return {
    awards: setup.awards,
    fillSeconds,
    emptyP50,
    queuedP50,
    settleSeconds: answer.ms / 1000,
    settled,
    during: { count: during.length, p50: median(during), max: Math.max(...during) },
    created: setup.awards + 1 + 2 * PROBES + during.length,
    problems,
  };
}

/** One line for a console or a report. */
export function describeQueue(r: QueueResult): string {
  return (
    `queue of ${r.awards.toLocaleString("en-US")} (filled in ${r.fillSeconds.toFixed(1)} s): direct award on another ` +
    `contract p50 ${r.emptyP50.toFixed(2)} ms with an empty queue, ${r.queuedP50.toFixed(2)} ms with the queue; ` +
    `one funding settled ${r.settled.toLocaleString("en-US")} in ${r.settleSeconds.toFixed(2)} s, while ` +
    `${r.during.count} direct awards on the other contract answered (p50 ${r.during.p50.toFixed(2)} ms, ` +
    `max ${r.during.max.toFixed(2)} ms)`
  );
}
