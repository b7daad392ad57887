import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { freePort } from "@/testing/free-port";
import { DEMO_KEY, DEMO_PROJECT, GOLD, prepareDemoService, rate, type ServiceBackend } from "./demo-service";
import { withSection } from "./doc-sections";

/**
 * `npm run bench:webhooks` (docs/benchmarks.md, "Service: awards with webhooks on"): does the
 * webhook sender slow awards down? The service runs as `npm run service` does, on PostgreSQL
 * (durable defaults) and on a PGlite folder. Rounds alternate: awards with no endpoint taking
 * events, then awards with three endpoints — two receivers that answer 200 at once and one
 * address where nothing listens (an endpoint that is down). The figure is the median "on" rate
 * over the median "off" rate; the target is at least 0.9. How long the two live
 * receivers took to get every event of an "on" round after its last award is printed too.
 */

const DOC = new URL("../../docs/benchmarks.md", import.meta.url);
const ROUNDS = 5;
const AWARDS = Number(process.env.BENCH_WEBHOOK_AWARDS ?? 4000);
const IN_FLIGHT = 16;

async function receiver(): Promise<{ server: Server; url: string; count: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received += 1;
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hook`, count: () => received };
}

async function postJson(base: string, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ApiKey: DEMO_KEY, ProjectGuid: DEMO_PROJECT, ...body }),
  });
  const json = (await response.json()) as { isError: string; Data: { Endpoint: { Id: number } } };
  if (json.isError !== "0") throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.Data;
}

const bodies = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      ApiKey: DEMO_KEY,
      ProjectGuid: DEMO_PROJECT,
      RequestID: randomUUID(),
      CustomerID: `hook-bench-${i % 500}`,
      IsAllowance: true,
      Tokens: [{ Guid: GOLD.Guid, ContractGuid: GOLD.ContractGuid, Amount: 1 }],
    }),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Result {
  backend: ServiceBackend;
  off: number[];
  on: number[];
  lagMs: number[];
}

async function measure(backend: ServiceBackend): Promise<Result> {
  const service = await prepareDemoService(backend, "webhooks", {
    SERVICE_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    // Exploration only: the events written, none sent (the triggers' share alone).
    ...(process.env.BENCH_WEBHOOK_SENDER === "off" ? { SERVICE_WEBHOOKS: "off" } : {}),
  });
  const live = [await receiver(), await receiver()];
  const down = `http://127.0.0.1:${await freePort()}/hook`;
  try {
    await service.start();
    const endpoints: number[] = [];
    for (const url of [...live.map((r) => r.url), down])
      endpoints.push((await postJson(service.base, "/Webhooks", { Url: url })).Endpoint.Id);
    const setEnabled = async (enabled: boolean) => {
      for (const id of endpoints)
        await postJson(service.base, "/Webhooks/Update", { EndpointId: id, Enabled: enabled });
    };
    // Warm-up: connections, plans, caches.
    await setEnabled(false);
    await rate(service.base, "/AwardTokens", bodies(500), '"isError":"0"', IN_FLIGHT);
    const result: Result = { backend, off: [], on: [], lagMs: [] };
    const offRound = async () => {
      await setEnabled(false);
      result.off.push(await rate(service.base, "/AwardTokens", bodies(AWARDS), '"isError":"0"', IN_FLIGHT));
    };
    const onRound = async () => {
      await setEnabled(true);
      const before = live.map((r) => r.count());
      result.on.push(await rate(service.base, "/AwardTokens", bodies(AWARDS), '"isError":"0"', IN_FLIGHT));
      const ended = performance.now();
      while (
        process.env.BENCH_WEBHOOK_SENDER !== "off" &&
        live.some((r, i) => r.count() - (before[i] ?? 0) < AWARDS)
      ) {
        if (performance.now() - ended > 300_000)
          throw new Error("the receivers did not get every event within 5 minutes");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      result.lagMs.push(performance.now() - ended);
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Which goes first alternates, so that neither always follows the other's after-effects.
      if (round % 2 === 0) {
        await offRound();
        await onRound();
      } else {
        await onRound();
        await offRound();
      }
      console.log(
        `${backend} round ${round + 1}: off ${result.off.at(-1)?.toFixed(0)}/s, on ${result.on.at(-1)?.toFixed(0)}/s, ` +
          `every event at both live receivers ${result.lagMs.at(-1)?.toFixed(0)} ms after the last award`,
      );
    }
    return result;
  } finally {
    for (const r of live) r.server.close();
    await service.stop();
  }
}

const results: Result[] = [];
const backends = (process.env.BENCH_WEBHOOK_BACKENDS ?? "postgres,pglite").split(",") as ServiceBackend[];
for (const backend of backends) results.push(await measure(backend));

const row = (r: Result) => {
  const share = median(r.on.map((on, i) => on / (r.off[i] ?? 1)));
  return `| ${r.backend === "postgres" ? "PostgreSQL (durable)" : "PGlite (durable)"} | ${median(r.off).toFixed(0)} | ${median(r.on).toFixed(0)} | **${share.toFixed(2)} ×** (${r.on.map((on, i) => (on / (r.off[i] ?? 1)).toFixed(2)).join(", ")}) | ${(median(r.lagMs) / 1000).toFixed(1)} s |`;
};
const body = `
## Service: awards with webhooks on

\`npm run bench:webhooks\` (scripts/bench/webhooks.ts), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores.
Allowance awards of 1 GOLD, ${AWARDS} per round, ${IN_FLIGHT} in flight, straight to the service
(\`npm run service\`, rate limit off). Rounds alternate: the project's three webhook endpoints
disabled (no event is written), then enabled — two receivers that answer 200 at once and one
address where nothing listens. ${ROUNDS} rounds, each an "off" and an "on" run (which goes first
alternates); the share is the median of the rounds' on/off shares (each in brackets). Target
(issue 31): at least 0.9 ×.
"Caught up" is how long after an "on" round's last award both live receivers had every event
of the round (the dead endpoint's deliveries wait for their retries meanwhile).

| database | awards/s, webhooks off (median) | awards/s, 3 endpoints on, 1 down (median) | share | caught up (median) |
|---|---|---|---|---|
${results.map(row).join("\n")}
`;
writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "webhooks", body));
console.log(body);
