"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { retryAwardAction } from "@/lib/actions/awards/retry-award";
import { queryKeys } from "@/lib/live/query-keys";

/** Re-sends the same body with the same RequestID, once confirmed: the service pays it at most once. */
export function RetryButton({ requestId, summary }: { requestId: string; summary?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const retry = useFormAction(retryAwardAction, {
    success: (data) => `Retried: ${data.status}.`,
    failure: "The retry was not sent.",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses }),
    onFailure: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
      // A refusal often means the award moved meanwhile (another retry, a settlement); the guard
      // revalidates only after a success (lib/actions/define-action.ts), so the page is read again here.
      router.refresh();
    },
  });
  const message = retry.error;
  return (
    <div className="flex flex-col gap-1">
      <div>
        <ConfirmButton
          label="Retry"
          title="Retry this award?"
          confirmLabel="Retry award"
          pendingLabel="Retrying…"
          onConfirm={async () => {
            await retry.run({ requestId });
          }}
        >
          {summary ? <p className="mb-2 font-medium">{summary}</p> : null}
          <p>
            The same award is sent again with the same RequestID{" "}
            <code className="font-mono text-xs">{requestId}</code>: if the service already has it, it answers
            the first outcome and nothing is paid twice.
          </p>
        </ConfirmButton>
      </div>
      {message ? (
        <p role="status" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
