"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { When } from "@/components/ui/when";
import { resendWebhookAction } from "@/lib/actions/developers/resend-webhook";
import type { WebhookDeliveryView } from "@/lib/contract/webhooks";
import { DeliveryStateBadge } from "./webhook-deliveries-table";
import { useWebhookEvents } from "./webhook-events";

/** The body as sent, indented when it is JSON. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * One delivery: the event's body as sent, every attempt (status, time taken, what came back), and
 * Send again — the same event under its own id (loaded on first use with Radix's dialog).
 */
export function WebhookDeliveryDialog({
  delivery,
  url,
  onClose,
}: {
  delivery: WebhookDeliveryView;
  url: string;
  onClose: () => void;
}) {
  const { say, refresh } = useWebhookEvents();
  const resend = useFormAction(resendWebhookAction, {
    success: () => `${delivery.Type} ${delivery.EventId} is on its way to ${url} again.`,
    failure: (error) => error,
    onFailure: ({ error }) => say({ ok: false, text: error }),
    onSuccess: () => {
      say({
        ok: true,
        text: `${delivery.Type} ${delivery.EventId} sent to ${url} again, under the same id.`,
      });
      refresh();
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        data-testid="delivery-dialog"
        // Long URLs and ids wrap inside the dialog instead of widening it past a phone's screen.
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl [&>*]:min-w-0"
      >
        <DialogHeader>
          <DialogTitle>
            <code className="font-mono">{delivery.Type}</code> to <span className="break-all">{url}</span>
          </DialogTitle>
          <DialogDescription>
            Event <code className="font-mono break-all">{delivery.EventId}</code> at{" "}
            <When iso={delivery.OccurredAt} seconds />
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DeliveryStateBadge state={delivery.State} />
          <span>
            {delivery.AttemptCount} {delivery.AttemptCount === 1 ? "attempt" : "attempts"}
          </span>
          {delivery.NextAttemptAt ? (
            <span className="text-muted-foreground">
              next try <When iso={delivery.NextAttemptAt} seconds />
            </span>
          ) : null}
        </div>
        <section aria-label="Attempts" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Attempts</h3>
          {delivery.Attempts.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              None yet: the sender takes it within a second or two.
            </p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="delivery-attempts">
              {delivery.Attempts.map((attempt, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: attempts only grow at the end: their place is who they are
                <li key={`${attempt.At}-${index}`} className="rounded-md border border-border p-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={attempt.Ok ? "success" : "danger"}>
                      {attempt.StatusCode ? `HTTP ${attempt.StatusCode}` : "No answer"}
                    </Badge>
                    <When iso={attempt.At} seconds />
                    <span className="text-muted-foreground">{attempt.LatencyMs} ms</span>
                  </div>
                  {attempt.Error ? <p className="mt-1 break-words">{attempt.Error}</p> : null}
                  {attempt.Excerpt ? (
                    <pre className="mt-1 max-h-24 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-all">
                      {attempt.Excerpt}
                    </pre>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-label="Body" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Body as sent</h3>
          <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
            {pretty(delivery.Payload)}
          </pre>
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={resend.pending}
            onClick={() => void resend.run({ endpointId: delivery.EndpointId, eventId: delivery.EventId })}
          >
            {resend.pending ? "Sending…" : "Send again"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
