/** What the notification pages show (browser-safe: no database, no secret; a webhook URL only in part). */

export interface RuleRow {
  id: number;
  event: string;
  eventLabel: string;
  threshold: string;
  channel: string;
  channelLabel: string;
  /** A webhook URL is a secret of sorts: only its host and the start of its path are shown. */
  targetShown: string;
  enabled: boolean;
  createdByEmail: string;
  createdAt: string;
  /** The last message of the rule: when, and how it went. */
  last: { at: string; state: string; error: string } | null;
}

export interface BellItem {
  id: number;
  title: string;
  body: string;
  link: string;
  at: string;
  read: boolean;
}
