import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { type AwardJob, type LoadJob, type LoadResult, percentiles, type WorkerMessage } from "./load-job";

/**
 * The load generator, in its own process so that it never shares an event loop with the server
 * it measures (started by load.ts; one job at a time over IPC).
 */

const randomCustomer = (customers: number) => `customer-${Math.floor(Math.random() * customers)}`;

function awardBody(job: AwardJob, turn: number): string {
  const line = job.lines[turn % job.lines.length];
  if (!line) throw new Error("An award job needs at least one token line.");
  // Built as text so the amount goes out as a JSON number literal, exactly as given.
  return (
    `{"ApiKey":${JSON.stringify(job.apiKey)},"RequestID":"${randomUUID()}",` +
    `"ProjectGuid":"${job.projectGuid}","IsAllowance":${job.isAllowance},` +
    `"CustomerID":"${randomCustomer(job.customers)}",` +
    (job.isAllowance ? "" : `"Wallet":${JSON.stringify(job.wallet)},`) +
    `"Tokens":[{"Guid":"${line.Guid}","ContractGuid":"${line.ContractGuid}","Amount":${job.amount}}]}`
  );
}

function runJob(job: LoadJob): Promise<LoadResult> {
  let notCompleted = 0;
  let unexpected = 0;
  let sampleFailure = "";
  let turn = 0;
  const expected = (status: number) =>
    job.kind === "get" && job.expectStatus !== undefined ? status === job.expectStatus : status < 300;
  const onResponse = (status: number, body: string) => {
    if (!expected(status)) {
      unexpected += 1;
      if (!sampleFailure) sampleFailure = `${status} ${String(body).slice(0, 300)}`;
    } else if (job.kind === "award" && !String(body).includes('"Status":"Completed"')) {
      notCompleted += 1;
      if (!sampleFailure) sampleFailure = `${status} ${String(body).slice(0, 300)}`;
    }
  };
  const request: autocannon.Request =
    job.kind === "get"
      ? {
          method: "GET",
          ...(job.headers ? { headers: job.headers } : {}),
          setupRequest: (req) => ({
            ...req,
            path: job.path.replace("{customer}", encodeURIComponent(randomCustomer(job.customers))),
          }),
          onResponse,
        }
      : {
          method: "POST",
          path: job.path,
          headers: { "content-type": "application/json" },
          setupRequest: (req) => {
            turn += 1;
            return { ...req, body: awardBody(job, turn) };
          },
          onResponse,
        };

  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.origin,
        connections: job.connections,
        duration: job.duration,
        timeout: 30,
        requests: [request],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const statuses: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
          if (!expected(Number(code))) statuses[code] = stat.count ?? 0;
        }
        resolve({
          responses: latencies.length,
          seconds: result.duration,
          requestsPerSecond: latencies.length / result.duration,
          ...percentiles(latencies),
          non2xx: unexpected,
          errors: result.errors,
          timeouts: result.timeouts,
          statuses,
          notCompleted,
          sampleFailure,
          latencies,
        });
      },
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
    });
  });
}

process.on("message", (message: { id: number; job: LoadJob }) => {
  const reply = (answer: WorkerMessage) => process.send?.(answer);
  runJob(message.job).then(
    (result) => reply({ id: message.id, result }),
    (error: unknown) =>
      reply({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
