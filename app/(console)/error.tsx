"use client";
import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { buttonClass } from "@/components/ui/button";

/**
 * A page failed for a reason of ours (service failures are shown by the pages themselves). In
 * production Next passes no message, only a digest to find the server's log line.
 */
export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const router = useRouter();
  return (
    <main className="flex flex-col items-start gap-4 px-6 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">This page could not be shown</h1>
      <p className="text-muted-foreground">
        Something went wrong on the console's server while preparing it. Nothing was changed.
        {error.digest ? (
          <>
            {" "}
            Reference for the server log: <code className="font-mono text-sm">{error.digest}</code>.
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() =>
          startTransition(() => {
            router.refresh();
            reset();
          })
        }
        className={buttonClass()}
      >
        Try again
      </button>
    </main>
  );
}
