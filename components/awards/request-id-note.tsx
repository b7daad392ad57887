"use client";
/** The award's RequestID, and when it is kept (lib/awards/request-id.ts). */
export function RequestIdNote({ id }: { id: string }) {
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">RequestID</span>{" "}
      <code data-testid="request-id" className="font-mono break-all">
        {id}
      </code>
      <span className="mt-0.5 block text-xs text-muted-foreground">
        Kept when you send this award again unchanged after a failure, so it is paid at most once; a new one
        when you review an edited award, and after a success.
      </span>
    </p>
  );
}
