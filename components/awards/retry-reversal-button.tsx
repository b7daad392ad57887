"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { reverseAwardAction } from "@/lib/actions/awards/reverse-award";
import type { ReversalInput } from "@/lib/awards/reversal-input";

/** Sends a reversal whose outcome is unknown (or that was refused) again, with its ReversalID. */
export function RetryReversalButton({ reversal }: { reversal: ReversalInput }) {
  const retry = useFormAction(reverseAwardAction, {
    success: (data) => (data.status === "done" ? "Reversal done." : "The outcome is still unknown."),
    failure: "Nothing was reversed.",
  });
  return (
    <div className="flex flex-col gap-1">
      <div>
        <ConfirmButton
          label="Retry reversal"
          variant="outline"
          size="sm"
          title="Send this reversal again?"
          confirmLabel="Retry reversal"
          pendingLabel="Retrying…"
          onConfirm={async () => {
            await retry.run(reversal);
          }}
        >
          <p>
            The same reversal is sent again with the same ReversalID{" "}
            <code className="font-mono text-xs">{reversal.reversalId}</code>: if the service already did it,
            it answers what it did and nothing is taken back twice.
          </p>
        </ConfirmButton>
      </div>
      {retry.error ? (
        <p role="status" className="text-sm text-destructive">
          {retry.error}
        </p>
      ) : null}
    </div>
  );
}
