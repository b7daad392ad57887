"use client";
import { createContext, useContext } from "react";
import type { EndpointSecret, WebhooksPageData } from "@/lib/webhooks/webhook-view";

/** What an endpoint's act tells the Webhooks page: a secret to show once, a line to say, data to read again. */
export interface WebhookEvents {
  showSecret: (secret: EndpointSecret & { rolled: boolean }) => void;
  say: (notice: { ok: boolean; text: string }) => void;
  /** Reads the endpoints and the delivery log again (after an act). */
  refresh: () => void;
  tokens: WebhooksPageData["tokens"];
  tokensProblem: string | null;
}

const NOBODY: WebhookEvents = {
  showSecret: () => undefined,
  say: () => undefined,
  refresh: () => undefined,
  tokens: [],
  tokensProblem: null,
};

export const WebhookEventsContext = createContext<WebhookEvents>(NOBODY);

export function useWebhookEvents(): WebhookEvents {
  return useContext(WebhookEventsContext);
}
