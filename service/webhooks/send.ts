import { lookup as dnsLookup } from "node:dns";
import { isIP } from "node:net";
import { Agent, type Dispatcher } from "undici";
import {
  checkedLookup,
  isAllowedHost,
  isRefusedPort,
  RefusedAddress,
  refusedRange,
} from "@/common/outbound-addresses";

/**
 * One delivery's HTTP call (docs/service.md, "Webhooks"). The URL is a project's to set, so the
 * service calls it only at a public address unless SERVICE_WEBHOOK_ALLOWED_HOSTS names its host
 * (the same rules as the console's, common/outbound-addresses.ts): no loopback, private, link-local
 * (cloud metadata) or reserved address, checked when the connection is opened; no port of another
 * protocol; and no redirect is followed — a 3xx is a failed attempt, as at Stripe.
 */

export interface SendPolicy {
  /** Entries as allowedHostEntry keeps them. */
  allowedHosts: ReadonlySet<string>;
  /** The whole call — connect, send, the answer's headers and excerpt — within this. */
  timeoutMs: number;
  /** How host names resolve; dns.lookup unless a test says otherwise. */
  lookup?: typeof dnsLookup;
}

export interface SendResult {
  /** The answer's status; null when none came. */
  statusCode: number | null;
  ok: boolean;
  latencyMs: number;
  /** Why no answer came, in words ("" when one came). */
  error: string;
  /** The first characters of the answer's body. */
  excerpt: string;
}

/** Characters of an answer kept for the delivery log; more is never read. */
export const EXCERPT_CHARS = 500;
const EXCERPT_BYTES = EXCERPT_CHARS * 4;

const agents = new WeakMap<SendPolicy, { checked: Dispatcher; allowed: Dispatcher }>();

function agentsOf(policy: SendPolicy) {
  let pair = agents.get(policy);
  if (!pair) {
    const resolve = policy.lookup ?? dnsLookup;
    const common = { keepAliveTimeout: 30_000, connections: 8 };
    pair = {
      checked: new Agent({ ...common, connect: { lookup: checkedLookup(resolve) } }),
      allowed: new Agent(common),
    };
    agents.set(policy, pair);
  }
  return pair;
}

/** Closes the connections kept for a policy (the sender's close). */
export async function closeSendPolicy(policy: SendPolicy): Promise<void> {
  const pair = agents.get(policy);
  agents.delete(policy);
  if (pair) await Promise.all([pair.checked.close(), pair.allowed.close()]);
}

/** Why the URL is not called at all, or null. */
export function refusedUrl(url: URL, policy: SendPolicy): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not an http(s) URL";
  if (isRefusedPort(url)) return `port ${url.port} belongs to another protocol`;
  if (isAllowedHost(url, policy.allowedHosts)) return null;
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  const refused = isIP(literal) ? refusedRange(literal) : null;
  return refused ? `${url.hostname} is ${refused}` : null;
}

async function excerptOf(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    size += bytes.length;
    if (size >= EXCERPT_BYTES) break;
  }
  body.destroy();
  return [...Buffer.concat(chunks).toString("utf8")].slice(0, EXCERPT_CHARS).join("");
}

function failureWords(error: unknown, url: URL): string {
  if (error instanceof RefusedAddress) return `${url.hostname} resolves to ${error.what}: not called`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof RefusedAddress) return `${url.hostname} resolves to ${cause.what}: not called`;
  const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "ABORT_ERR")
    return "no answer in time";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND") return `${url.hostname} does not resolve`;
  if (code) return `connection failed (${code})`;
  return "connection failed";
}

/** POSTs one signed body; never throws. */
export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: SendPolicy,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, ok: false, latencyMs: 0, error: "not a URL", excerpt: "" };
  }
  const refused = refusedUrl(url, policy);
  if (refused)
    return { statusCode: null, ok: false, latencyMs: 0, error: `${refused}: not called`, excerpt: "" };
  const pools = agentsOf(policy);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    const answer = await (isAllowedHost(url, policy.allowedHosts) ? pools.allowed : pools.checked).request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "GameCommerceService-Webhooks/1",
        ...headers,
      },
      body,
      signal,
    });
    const excerpt = await excerptOf(answer.body).catch(() => "");
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    return {
      statusCode: answer.statusCode,
      ok,
      latencyMs: elapsed(),
      error: answer.statusCode >= 300 && answer.statusCode < 400 ? "redirects are not followed" : "",
      excerpt,
    };
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      statusCode: null,
      ok: false,
      latencyMs: elapsed(),
      error: timedOut ? `no answer within ${policy.timeoutMs} ms` : failureWords(error, url),
      excerpt: "",
    };
  }
}
