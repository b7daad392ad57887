"use client";
/**
 * The award's RequestID, below the form: out of the reading path (the player and the amounts come
 * first), there for support and for a retry; when it is kept, on demand (lib/awards/request-id.ts).
 */
export function RequestIdNote({ id }: { id: string }) {
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="min-h-8 cursor-pointer py-1">
        RequestID{" "}
        <code data-testid="request-id" className="font-mono break-all text-foreground">
          {id}
        </code>
      </summary>
      <p className="mt-1 max-w-prose">
        Kept when you send this award again unchanged after a failure, so it is paid at most once; a new one
        when you review an edited award, and after a success.
      </p>
    </details>
  );
}
