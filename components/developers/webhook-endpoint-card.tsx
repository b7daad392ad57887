"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { When } from "@/components/ui/when";
import { deleteWebhookAction } from "@/lib/actions/developers/delete-webhook";
import { replayFailedWebhooksAction } from "@/lib/actions/developers/replay-failed-webhooks";
import { rollWebhookSecretAction } from "@/lib/actions/developers/roll-webhook-secret";
import { setWebhookEnabledAction } from "@/lib/actions/developers/set-webhook-enabled";
import { testWebhookAction } from "@/lib/actions/developers/test-webhook";
import { updateWebhookAction } from "@/lib/actions/developers/update-webhook";
import type { WebhookEndpointView } from "@/lib/contract/webhooks";
import { deliveriesHref, NO_DELIVERY_FILTERS } from "@/lib/webhooks/delivery-filters";
import {
  DEFAULT_SECRET_GRACE_SECONDS,
  healthSummary,
  REPLAY_WINDOWS,
  SECRET_GRACE_CHOICES,
} from "@/lib/webhooks/webhook-rules";
import { WebhookEndpointForm } from "./webhook-endpoint-form";
import { useWebhookEvents } from "./webhook-events";

const STATE = {
  enabled: { tone: "success", label: "Enabled" },
  failing: { tone: "warning", label: "Failing" },
  disabled: { tone: "neutral", label: "Disabled" },
} as const;

/** One endpoint: where it is, what it takes, how its deliveries fare, and what an owner can do to it. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [editing, setEditing] = useState(false);
  const state = STATE[endpoint.State as keyof typeof STATE] ?? STATE.disabled;
  const health = endpoint.Health;
  return (
    <article
      aria-label={`Endpoint ${endpoint.Url}`}
      data-testid={`endpoint-${endpoint.Id}`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-mono text-sm font-semibold break-all">{endpoint.Url}</h3>
          {endpoint.Description ? (
            <p className="text-sm text-muted-foreground">{endpoint.Description}</p>
          ) : null}
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Events</dt>
        <dd>{endpoint.Events.length === 0 ? "Every event" : endpoint.Events.join(", ")}</dd>
        {endpoint.LowBalance.length > 0 ? (
          <>
            <dt className="text-muted-foreground">wallet.low below</dt>
            <dd>{endpoint.LowBalance.map((line) => `${line.Below} ${line.TokenSymbol}`).join(", ")}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Health</dt>
        <dd data-testid="endpoint-health">
          {healthSummary(health.Attempts24h, health.Succeeded24h)}
          {health.Pending > 0 ? ` · ${health.Pending} waiting to be sent or retried` : ""}
        </dd>
        {health.LastSuccessAt ? (
          <>
            <dt className="text-muted-foreground">Last delivered</dt>
            <dd>
              <When iso={health.LastSuccessAt} />
            </dd>
          </>
        ) : null}
        {health.LastFailureAt ? (
          <>
            <dt className="text-muted-foreground">Last failure</dt>
            <dd data-testid="endpoint-last-failure">
              <When iso={health.LastFailureAt} /> — {health.LastFailure}
            </dd>
          </>
        ) : null}
        {endpoint.State === "failing" && endpoint.FailingSince ? (
          <>
            <dt className="text-muted-foreground">Failing since</dt>
            <dd>
              <When iso={endpoint.FailingSince} /> — every delivery given up after 3 days; disabled after 5
            </dd>
          </>
        ) : null}
        {endpoint.DisabledReason ? (
          <>
            <dt className="text-muted-foreground">Why disabled</dt>
            <dd>{endpoint.DisabledReason}</dd>
          </>
        ) : null}
        {endpoint.PreviousSecretUntil ? (
          <>
            <dt className="text-muted-foreground">Old secret</dt>
            <dd>
              signs too until <When iso={endpoint.PreviousSecretUntil} />
            </dd>
          </>
        ) : null}
      </dl>
      {editing ? (
        <EditEndpoint endpoint={endpoint} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <SendTest endpoint={endpoint} />
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit ${endpoint.Url}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <ReplayFailed endpoint={endpoint} />
          <RollSecret endpoint={endpoint} />
          <SetEnabled endpoint={endpoint} />
          <DeleteEndpoint endpoint={endpoint} />
          <Link
            href={deliveriesHref(NO_DELIVERY_FILTERS, { EndpointId: String(endpoint.Id) })}
            className="text-sm whitespace-nowrap underline underline-offset-2"
            aria-label={`Deliveries to ${endpoint.Url}`}
          >
            Deliveries
          </Link>
        </div>
      )}
    </article>
  );
}

/** The acts' shared toasts and notice: what happened, or why not. */
function useEndpointAct<I, T>(
  action: (input: I) => Promise<import("@/lib/model/action-result").ActionResult<T>>,
  said: (data: T) => string,
) {
  const { say, refresh } = useWebhookEvents();
  return useFormAction(action, {
    success: (data) => said(data),
    failure: (error) => error,
    onFailure: ({ error }) => say({ ok: false, text: error }),
    onSuccess: (data) => {
      say({ ok: true, text: said(data) });
      refresh();
    },
  });
}

function SendTest({ endpoint }: { endpoint: WebhookEndpointView }) {
  const test = useEndpointAct(
    testWebhookAction,
    () => `A test event is on its way to ${endpoint.Url}: see it in the deliveries below.`,
  );
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Send a test event to ${endpoint.Url}`}
      disabled={test.pending}
      onClick={() => void test.run({ endpointId: endpoint.Id })}
    >
      {test.pending ? "Sending…" : "Send test event"}
    </Button>
  );
}

function EditEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpointView; onDone: () => void }) {
  const { say, refresh, tokens, tokensProblem } = useWebhookEvents();
  const update = useFormAction(updateWebhookAction, {
    sentence: "unless-fields",
    success: () => `Endpoint ${endpoint.Url} changed.`,
    onSuccess: (changed) => {
      say({ ok: true, text: `Endpoint ${changed.Url} changed.` });
      refresh();
      onDone();
    },
  });
  return (
    <WebhookEndpointForm
      idPrefix={`edit-${endpoint.Id}`}
      label={`Edit ${endpoint.Url}`}
      initial={{
        url: endpoint.Url,
        description: endpoint.Description,
        events: endpoint.Events,
        lowBalance: endpoint.LowBalance.map((line) => ({ token: line.TokenGuid, below: line.Below })),
      }}
      tokens={tokens}
      tokensProblem={tokensProblem}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      pending={update.pending}
      error={update.error}
      fieldErrors={update.fieldErrors}
      onProblems={(fieldErrors) => update.showErrors({ fieldErrors })}
      onSubmit={(form) => update.run({ endpointId: endpoint.Id, ...form })}
      onCancel={onDone}
    />
  );
}

function ReplayFailed({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [span, setSpan] = useState<string>("24h");
  const replay = useEndpointAct(replayFailedWebhooksAction, (data) =>
    data.queued === 0
      ? `No failed delivery to ${endpoint.Url} in that time: nothing to send again.`
      : `${data.queued} failed ${data.queued === 1 ? "delivery" : "deliveries"} to ${endpoint.Url} sent again.`,
  );
  return (
    <ConfirmButton
      label="Replay failed"
      ariaLabel={`Replay failed deliveries to ${endpoint.Url}`}
      variant="outline"
      size="sm"
      title={`Send the failed deliveries to ${endpoint.Url} again?`}
      confirmLabel="Replay"
      pendingLabel="Replaying…"
      onConfirm={async () => {
        await replay.run({ endpointId: endpoint.Id, window: span });
      }}
    >
      <div className="flex flex-col gap-3">
        <p>
          Every delivery to this endpoint that failed — given up after its retries, or stopped when it was
          disabled — is sent again under its own event id, with 3 more days of retries. Receivers that
          de-duplicate by <code className="font-mono">webhook-id</code> act on each once.
        </p>
        <Field id={`replay-${endpoint.Id}-window`} label="Events of">
          <Select value={span} onChange={(event) => setSpan(event.target.value)}>
            {REPLAY_WINDOWS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </ConfirmButton>
  );
}

function RollSecret({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { showSecret } = useWebhookEvents();
  const [grace, setGrace] = useState(String(DEFAULT_SECRET_GRACE_SECONDS));
  const roll = useEndpointAct(
    rollWebhookSecretAction,
    () => `The signing secret of ${endpoint.Url} was rolled.`,
  );
  return (
    <ConfirmButton
      label="Roll secret"
      ariaLabel={`Roll the signing secret of ${endpoint.Url}`}
      variant="outline"
      size="sm"
      title={`Roll the signing secret of ${endpoint.Url}?`}
      confirmLabel="Roll secret"
      pendingLabel="Rolling…"
      onConfirm={async () => {
        const result = await roll.run({ endpointId: endpoint.Id, graceSeconds: Number(grace) });
        if (result.ok) showSecret({ ...result.data, rolled: true });
      }}
    >
      <div className="flex flex-col gap-3">
        <p>
          A new secret signs every event from now on; it is shown once. During the grace period the old one
          signs too (both signatures are sent), so the receiver can move to the new one without a failed
          check.
        </p>
        <Field id={`roll-${endpoint.Id}-grace`} label="The old secret keeps signing for">
          <Select value={grace} onChange={(event) => setGrace(event.target.value)}>
            {SECRET_GRACE_CHOICES.map((choice) => (
              <option key={choice.seconds} value={String(choice.seconds)}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </ConfirmButton>
  );
}

function SetEnabled({ endpoint }: { endpoint: WebhookEndpointView }) {
  const enable = endpoint.State === "disabled";
  const act = useEndpointAct(setWebhookEnabledAction, () =>
    enable
      ? `Endpoint ${endpoint.Url} enabled: new events go to it again.`
      : `Endpoint ${endpoint.Url} disabled.`,
  );
  return (
    <ConfirmButton
      label={enable ? "Enable" : "Disable"}
      ariaLabel={`${enable ? "Enable" : "Disable"} ${endpoint.Url}`}
      variant="outline"
      size="sm"
      tone={enable ? undefined : "danger"}
      title={enable ? `Enable ${endpoint.Url}?` : `Disable ${endpoint.Url}?`}
      confirmLabel={enable ? "Enable endpoint" : "Disable endpoint"}
      pendingLabel={enable ? "Enabling…" : "Disabling…"}
      onConfirm={async () => {
        await act.run({ endpointId: endpoint.Id, enabled: enable });
      }}
    >
      <p>
        {enable
          ? "New events are sent to it again. What failed while it was disabled is not sent by itself: use Replay failed once it answers."
          : "Nothing more is sent to it, and its waiting deliveries are marked failed (Replay failed sends them once it is enabled again). Events that happen while it is disabled are not kept for it."}
      </p>
    </ConfirmButton>
  );
}

function DeleteEndpoint({ endpoint }: { endpoint: WebhookEndpointView }) {
  const remove = useEndpointAct(
    deleteWebhookAction,
    () => `Endpoint ${endpoint.Url} deleted with its delivery log.`,
  );
  return (
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete ${endpoint.Url}`}
      variant="outline"
      size="sm"
      className="text-destructive"
      tone="danger"
      title={`Delete ${endpoint.Url}?`}
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        await remove.run({ endpointId: endpoint.Id });
      }}
    >
      <p>
        The endpoint, its secret and its whole delivery log are deleted, and nothing more is sent to it. This
        cannot be undone: to stop it for a while, disable it instead.
      </p>
    </ConfirmButton>
  );
}
