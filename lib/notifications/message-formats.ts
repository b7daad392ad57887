/**
 * A notification in each channel's own format (docs/console.md, "Notifications"): Slack's incoming
 * webhooks take `text` and Block Kit `blocks`, Discord's `content` and an embed; email a subject and
 * a plain-text body. Every one names what happened and links to the console's page about it.
 */

export interface Outgoing {
  title: string;
  body: string;
  /** Absolute, or "" when there is no page. */
  link: string;
}

/** Slack's mrkdwn needs &, < and > escaped in text it should not read as markup. */
const slackEscape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function slackPayload(message: Outgoing): Record<string, unknown> {
  const heading = message.link
    ? `*<${message.link}|${slackEscape(message.title)}>*`
    : `*${slackEscape(message.title)}*`;
  return {
    text: `${message.title}: ${message.body}${message.link ? ` ${message.link}` : ""}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `${heading}\n${slackEscape(message.body)}` } },
      ...(message.link
        ? [
            {
              type: "actions",
              elements: [
                {
                  type: "button",
                  text: { type: "plain_text", text: "Open in the console" },
                  url: message.link,
                },
              ],
            },
          ]
        : []),
    ],
  };
}

export function discordPayload(message: Outgoing): Record<string, unknown> {
  return {
    content: message.title,
    // No @everyone or role pings from text a person typed (a reason, a file name).
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: message.title.slice(0, 256),
        description: message.body.slice(0, 4000),
        ...(message.link ? { url: message.link } : {}),
      },
    ],
  };
}

export function emailMessage(message: Outgoing): { subject: string; text: string } {
  return {
    subject: message.title,
    text: `${message.body}\n${message.link ? `\n${message.link}\n` : ""}\n— Game Commerce Console`,
  };
}
