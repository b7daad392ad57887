"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { retryAwardAction } from "@/lib/actions/retry-award";

/** Re-sends the same body with the same RequestID: the service pays it at most once. */
export function RetryButton({ requestId }: { requestId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <div>
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const result = await retryAwardAction({ requestId });
              setMessage(result.ok ? null : result.error);
              router.refresh();
            })
          }
          className={PRIMARY_BUTTON}
        >
          {pending ? "Retrying…" : "Retry"}
        </button>
      </div>
      {message ? (
        <p role="status" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
