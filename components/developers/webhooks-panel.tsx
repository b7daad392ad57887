"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { ActNotice } from "@/components/ui/act-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { When } from "@/components/ui/when";
import { createWebhookAction } from "@/lib/actions/developers/create-webhook";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import type { DeliveryFilters } from "@/lib/webhooks/delivery-filters";
import type { DeliveryPage, EndpointSecret, WebhooksPageData } from "@/lib/webhooks/webhook-view";
import { WebhookDeliveriesPanel } from "./webhook-deliveries-panel";
import { WebhookEndpointCard } from "./webhook-endpoint-card";
import { EMPTY_ENDPOINT, WebhookEndpointForm } from "./webhook-endpoint-form";
import { type WebhookEvents, WebhookEventsContext } from "./webhook-events";

const OneTimeSecretDialog = lazy(() =>
  import("./one-time-secret-dialog").then((m) => ({ default: m.OneTimeSecretDialog })),
);

/** How often the endpoints' health is read again while the page is open. */
const REFRESH_MS = 10_000;

export interface WebhooksPanelProps {
  initial: WebhooksPageData;
  deliveries: DeliveryPage;
  filters: DeliveryFilters;
}

/**
 * The Webhooks page's interactive part: the endpoints with their health (kept live) and acts, the
 * Add endpoint form, the delivery log, the line that says what the last act did, and the dialog
 * that shows a new secret once. The secret lives only in this component's state.
 */
export function WebhooksPanel({ initial, deliveries, filters }: WebhooksPanelProps) {
  const queryClient = useQueryClient();
  const { data, error } = useQuery({
    queryKey: queryKeys.webhooks,
    queryFn: ({ signal }) => getJson<ExtensionRead<WebhooksPageData>>("/api/webhooks", signal),
    initialData: { state: "ok" as const, data: initial },
    refetchInterval: REFRESH_MS,
  });
  const page = data.state === "ok" ? data.data : initial;
  const [shown, setShown] = useState<(EndpointSecret & { rolled: boolean }) | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const events = useMemo<WebhookEvents>(
    () => ({
      showSecret: setShown,
      say: setNotice,
      refresh: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
        void queryClient.invalidateQueries({ queryKey: ["webhook-deliveries"] });
      },
      tokens: page.tokens,
      tokensProblem: page.tokensProblem,
    }),
    [queryClient, page.tokens, page.tokensProblem],
  );
  const create = useFormAction(createWebhookAction, {
    sentence: "unless-fields",
    success: (made) => `Endpoint ${made.endpoint.Url} added.`,
    onSuccess: (made) => {
      setShown({ ...made, rolled: false });
      events.refresh();
    },
  });
  return (
    <WebhookEventsContext value={events}>
      <ActNotice notice={notice} testId="webhook-notice" />
      <section aria-labelledby="endpoints-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          Endpoints ({page.endpoints.length})
        </h2>
        {error ? (
          <p className="text-sm text-warning">Showing the endpoints as last read: {error.message}</p>
        ) : null}
        {page.endpoints.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
            No endpoint yet: the service sends nothing. Add one below — the game's server, or a relay — and
            send it a test event.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {page.endpoints.map((endpoint) => (
              <li key={endpoint.Id}>
                <WebhookEndpointCard endpoint={endpoint} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Card>
        <CardHeader>
          <CardTitle id="add-endpoint-heading">Add endpoint</CardTitle>
          <CardDescription>
            The service signs every event with the endpoint's secret (Standard Webhooks), shown once when it
            is added. Verify it with a Standard Webhooks library before trusting a body.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WebhookEndpointForm
            idPrefix="add"
            label="Add endpoint"
            initial={EMPTY_ENDPOINT}
            tokens={page.tokens}
            tokensProblem={page.tokensProblem}
            submitLabel="Add endpoint"
            pendingLabel="Adding…"
            pending={create.pending}
            error={create.error}
            fieldErrors={create.fieldErrors}
            onProblems={(fieldErrors) => create.showErrors({ fieldErrors })}
            onSubmit={(form) => create.run(form)}
          />
        </CardContent>
      </Card>
      <WebhookDeliveriesPanel initial={deliveries} filters={filters} endpoints={page.endpoints} />
      {shown ? (
        <Suspense fallback={null}>
          <OneTimeSecretDialog
            title={shown.rolled ? "The new signing secret" : "The endpoint's signing secret"}
            description={`For ${shown.endpoint.Url}: put it where the receiver verifies signatures.`}
            why="The console does not keep it; the service uses it only to sign."
            secret={shown.secret}
            what="the signing secret"
            onDone={() => setShown(null)}
          >
            {shown.oldSecretWorksUntil ? (
              <p className="text-sm">
                The old secret signs too until <When iso={shown.oldSecretWorksUntil} />: both signatures are
                sent meanwhile, so the receiver can switch without a failed check.
              </p>
            ) : null}
          </OneTimeSecretDialog>
        </Suspense>
      ) : null}
    </WebhookEventsContext>
  );
}
