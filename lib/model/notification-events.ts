/**
 * What a person can be told, and how (docs/console.md, "Notifications"); plain values, so that
 * the browser's forms, the console's database schema and the server share them.
 */
export const NOTIFICATION_EVENTS = [
  {
    event: "approval.requested",
    label: "Approval requested",
    description: "an award, batch or reversal waits for another manager or owner",
    threshold: null,
  },
  {
    event: "approval.decided",
    label: "Approval decided",
    description: "a request was approved, rejected or expired",
    threshold: null,
  },
  {
    event: "queue.stale",
    label: "Queue waiting too long",
    description: "the oldest queued award has waited longer than this many minutes",
    threshold: "minutes",
  },
  {
    event: "funding.gap",
    label: "Funding gap",
    description: "a token's queued awards need more than the wallet holds, by more than this amount",
    threshold: "amount",
  },
  {
    event: "key.expiring",
    label: "API key expiring",
    description: "an API key of the project expires within 7 days",
    threshold: null,
  },
  {
    event: "webhook.failing",
    label: "Webhook endpoint failing",
    description: "a webhook endpoint gave up on a delivery, or was disabled for failing",
    threshold: null,
  },
  {
    event: "campaign.held",
    label: "Campaign occurrence held",
    description: "a campaign's occurrence was not sent (a daily limit, its connection gone)",
    threshold: null,
  },
] as const;

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]["event"] | "rule.test";

export const NOTIFICATION_CHANNELS = [
  {
    channel: "slack",
    label: "Slack",
    target: "Incoming webhook URL",
    placeholder: "https://hooks.slack.com/services/…",
  },
  {
    channel: "discord",
    label: "Discord",
    target: "Webhook URL",
    placeholder: "https://discord.com/api/webhooks/…",
  },
  {
    channel: "email",
    label: "Email",
    target: "Addresses (comma-separated)",
    placeholder: "ops@studio.example",
  },
] as const;

export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]["channel"];
