import { join } from "node:path";

/**
 * The browser tests run three demos side by side, one per Playwright worker (e2e/README.md, "One
 * demo per worker"): a worker uses the demo of its parallel index (0–2; a worker started again
 * after a failure keeps its index, so its demo), which no other worker uses while it runs. The
 * runner and every module below read the index Playwright gives the process; 0 outside a worker.
 */
export const DEMOS = 3;
export const DEMO_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** Demo `demo`'s ports: the first demo's (E2E_*_PORT override them), then 10 apart per demo. */
const port = (variable: string, first: number) => (demo: number) =>
  Number(process.env[variable] ?? first) + 10 * demo;
export const consolePort = port("E2E_CONSOLE_PORT", 3200);
export const servicePort = port("E2E_SERVICE_PORT", 3201);
export const proxyPort = port("E2E_PROXY_PORT", 3202);
export const consoleUrl = (demo: number) => `http://127.0.0.1:${consolePort(demo)}`;
export const proxyUrl = (demo: number) => `http://127.0.0.1:${proxyPort(demo)}`;
/**
 * What a demo's console may call although it is on loopback (docs/console.md, "Addresses the
 * console calls"): its proxy, by either name. The demo adds its own service.
 */
export const allowedServiceHosts = (demo: number) =>
  `127.0.0.1:${proxyPort(demo)},localhost:${proxyPort(demo)}`;

/** This worker's demo: its console and service. */
export const CONSOLE_PORT = consolePort(DEMO_INDEX);
export const SERVICE_PORT = servicePort(DEMO_INDEX);
export const CONSOLE_URL = consoleUrl(DEMO_INDEX);
/** The service's {base_url}, as a connection form wants it. */
export const SERVICE_BASE_URL = `http://127.0.0.1:${SERVICE_PORT}/api/public`;
/** The same service behind scripts/e2e/test-proxy.ts, which can lose an award's answer. */
export const PROXY_PORT = proxyPort(DEMO_INDEX);
export const PROXY_URL = proxyUrl(DEMO_INDEX);
export const PROXIED_BASE_URL = `${PROXY_URL}/api/public`;
/** The same service playing one that implements the spec only (no extensions). */
export const SPEC_ONLY_BASE_URL = `${PROXY_URL}/spec-only/api/public`;
/** The same service answering each award half a second late (a batch that takes a while). */
export const SLOW_BASE_URL = `${PROXY_URL}/slow/api/public`;

/**
 * How long a second factor counts for step-up in the e2e console (CONSOLE_STEP_UP_SECONDS; 10
 * minutes otherwise): a spec that needs a session whose second factor is no longer fresh waits
 * this long, since a factor can only go stale with time.
 */
export const E2E_STEP_UP_SECONDS = 60;

/** The demo project the launcher loads (service/db/fixtures/demo.json); demo data only. */
export const DEMO_PROJECT_GUID = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
export const DEMO_API_KEY = "gcc_demo_key_8f2b6c1e9a4d7f3b5e0c2a6d8b1f4e7c";

/** A second console on PostgreSQL (scripts/e2e/pg-console.ts), when TEST_DATABASE_URL is set. */
export const PG_CONSOLE_PORT = Number(process.env.E2E_PG_CONSOLE_PORT ?? 3203);
export const PG_CONSOLE_URL = `http://127.0.0.1:${PG_CONSOLE_PORT}`;
export const PG_CONSOLE_DATABASE = "gcc_e2e_console";

/** A console with no project connection at all (scripts/e2e/unconnected-console.ts). */
export const UNCONNECTED_CONSOLE_PORT = Number(process.env.E2E_UNCONNECTED_CONSOLE_PORT ?? 3204);
export const UNCONNECTED_CONSOLE_URL = `http://127.0.0.1:${UNCONNECTED_CONSOLE_PORT}`;

/**
 * Where a demo's console writes what its request context counted (CONSOLE_CALL_COUNTS_FILE,
 * lib/request/per-request.ts), in the run's data folder (playwright.config.ts sets E2E_DATA).
 */
export const callCountsFile = (demo: number) => join(process.env.E2E_DATA ?? "", `call-counts-${demo}.jsonl`);
export const CALL_COUNTS_FILE = callCountsFile(DEMO_INDEX);
