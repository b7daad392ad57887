import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
} from "@/lib/model/notification-events";

/** A rule as the Settings → Notifications form holds it (docs/console.md, "Notifications"). */
export interface RuleForm {
  event: string;
  /** Minutes or an amount, for the events that take one; "" otherwise. */
  threshold: string;
  channel: string;
  target: string;
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
export const EMAILS_MAX = 20;

/** The addresses of an email rule's target, trimmed, without empty ones. */
export const emailsOf = (target: string) =>
  target
    .split(",")
    .map((address) => address.trim())
    .filter((address) => address !== "");

/** What is wrong with a rule form, each under its field's name (plain rules: the browser and the action). */
export function ruleFormProblems(form: RuleForm): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const event = NOTIFICATION_EVENTS.find((e) => e.event === form.event);
  if (!event) problems.push({ field: "event", message: "Choose what to be told about." });
  const threshold = form.threshold.trim();
  if (
    event?.threshold === "minutes" &&
    (!/^\d{1,5}$/.test(threshold) || Number(threshold) < 1 || Number(threshold) > 10_080)
  )
    problems.push({ field: "threshold", message: "A whole number of minutes from 1 to 10080 (a week)." });
  if (
    event?.threshold === "amount" &&
    (!/^\d{1,60}(\.\d{1,18})?$/.test(threshold) || /^0*(\.0*)?$/.test(threshold))
  )
    problems.push({ field: "threshold", message: "A positive amount, such as 500 or 12.5." });
  const channel = NOTIFICATION_CHANNELS.find((c) => c.channel === form.channel);
  if (!channel) problems.push({ field: "channel", message: "Choose Slack, Discord or email." });
  const target = form.target.trim();
  if (channel?.channel === "email") {
    const addresses = emailsOf(target);
    if (addresses.length === 0)
      problems.push({ field: "target", message: "Give at least one email address." });
    else if (addresses.length > EMAILS_MAX)
      problems.push({ field: "target", message: `At most ${EMAILS_MAX} addresses.` });
    else {
      const bad = addresses.find((address) => !EMAIL.test(address));
      if (bad) problems.push({ field: "target", message: `“${bad}” is not an email address.` });
    }
  } else if (channel) {
    let url: URL | null = null;
    try {
      url = new URL(target);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
      problems.push({ field: "target", message: `Paste the ${channel.label} webhook's URL (https://…).` });
    else if (target.length > 2000)
      problems.push({ field: "target", message: "Must be at most 2000 characters." });
  }
  return problems;
}

export const isChannel = (value: string): value is NotificationChannel =>
  NOTIFICATION_CHANNELS.some((c) => c.channel === value);
