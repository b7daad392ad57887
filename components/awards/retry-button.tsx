"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import { retryAwardAction } from "@/lib/actions/retry-award";
import { queryKeys } from "@/lib/live/query-keys";

/** Re-sends the same body with the same RequestID, once confirmed: the service pays it at most once. */
export function RetryButton({ requestId, summary }: { requestId: string; summary?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <div>
        <ConfirmButton
          label="Retry"
          title="Retry this award?"
          confirmLabel="Retry award"
          pendingLabel="Retrying…"
          onConfirm={async () => {
            const result = await retryAwardAction({ requestId });
            setMessage(result.ok ? null : result.error);
            if (result.ok) toast.success(`Retried: ${result.data.status}.`);
            else toast.error("The retry was not sent.");
            void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
            router.refresh();
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
