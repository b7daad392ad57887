import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/contract/webhook-event-types";

/**
 * The Webhooks page's words and rules (docs/console.md, "Webhooks"), zod-free so that the browser's
 * forms check what the server actions check.
 */

export const EVENT_CHOICES: readonly { type: WebhookEventType; label: string; description: string }[] = [
  {
    type: "award.completed",
    label: "Award completed",
    description: "an allowance, or a direct award the wallet covered",
  },
  { type: "award.queued", label: "Award queued", description: "a direct award waits for funds" },
  { type: "award.settled", label: "Award settled", description: "a queued award was paid" },
  { type: "award.reversed", label: "Award reversed", description: "taken back, or cancelled while queued" },
  { type: "wallet.funded", label: "Wallet funded", description: "the project wallet was credited" },
  {
    type: "wallet.low",
    label: "Wallet low",
    description: "a contract's wallet fell below a threshold of yours",
  },
  { type: "key.rolled", label: "Key rolled", description: "an API key was rolled" },
  { type: "key.revoked", label: "Key revoked", description: "an API key was revoked" },
  { type: "key.expiring", label: "Key expiring", description: "an API key expires within 7 days" },
];

export const ALL_EVENT_TYPES: readonly string[] = WEBHOOK_EVENT_TYPES;

/** How far back "Replay failed" reaches. */
export const REPLAY_WINDOWS = [
  { value: "1h", label: "the last hour", ms: 3600_000 },
  { value: "24h", label: "the last 24 hours", ms: 24 * 3600_000 },
  { value: "3d", label: "the last 3 days", ms: 3 * 24 * 3600_000 },
] as const;
export type ReplayWindow = (typeof REPLAY_WINDOWS)[number]["value"];

/** How long a rolled secret's predecessor keeps signing. */
export const SECRET_GRACE_CHOICES = [
  { seconds: 0, label: "Stop at once" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 24 * 3600, label: "24 hours" },
  { seconds: 7 * 24 * 3600, label: "7 days" },
] as const;
export const DEFAULT_SECRET_GRACE_SECONDS = 24 * 3600;

export const THRESHOLDS_MAX = 100;

export interface ThresholdLine {
  token: string;
  below: string;
}

export interface EndpointForm {
  url: string;
  description: string;
  /** [] (every type) or the chosen ones. */
  events: string[];
  lowBalance: ThresholdLine[];
}

const AMOUNT = /^\d{1,60}(\.\d{1,18})?$/;

/** What is wrong with an endpoint form, each under its field's name (`lowBalance[0].below`). */
export function endpointFormProblems(form: EndpointForm): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const url = form.url.trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (url === "") problems.push({ field: "url", message: "Give the URL the events are sent to." });
  else if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:"))
    problems.push({
      field: "url",
      message: "Must be an http or https URL, such as https://game.example/hooks.",
    });
  else if (parsed.username || parsed.password)
    problems.push({
      field: "url",
      message: "Must not hold a user name or password: the signature says who sent it.",
    });
  else if (url.length > 2000) problems.push({ field: "url", message: "Must be at most 2000 characters." });
  if (form.description.length > 500)
    problems.push({ field: "description", message: "Must be at most 500 characters." });
  for (const type of form.events)
    if (!ALL_EVENT_TYPES.includes(type))
      problems.push({ field: "events", message: `${type} is not an event type.` });
  if (form.lowBalance.length > THRESHOLDS_MAX)
    problems.push({ field: "lowBalance", message: `At most ${THRESHOLDS_MAX} thresholds.` });
  const seen = new Set<string>();
  form.lowBalance.forEach((line, index) => {
    if (line.token.trim() === "")
      problems.push({ field: `lowBalance[${index}].token`, message: "Choose a token." });
    else if (seen.has(line.token.toLowerCase()))
      problems.push({ field: `lowBalance[${index}].token`, message: "This token has a threshold already." });
    seen.add(line.token.toLowerCase());
    const below = line.below.trim();
    if (!AMOUNT.test(below) || /^0*(\.0*)?$/.test(below))
      problems.push({
        field: `lowBalance[${index}].below`,
        message: "A positive amount, such as 500 or 12.5 (at most 18 decimals).",
      });
  });
  if (form.lowBalance.length > 0 && form.events.length > 0 && !form.events.includes("wallet.low"))
    problems.push({
      field: "events",
      message: "Thresholds send wallet.low: take that event too, or remove the thresholds.",
    });
  return problems;
}

/** "48 of 50 (96%)" — an endpoint's last 24 hours, or that nothing was sent. */
export function healthSummary(attempts: number, succeeded: number): string {
  if (attempts === 0) return "No attempts in the last 24 hours";
  const share = Math.floor((succeeded / attempts) * 1000) / 10;
  return `${succeeded} of ${attempts} attempts succeeded (${share}%) in the last 24 hours`;
}
