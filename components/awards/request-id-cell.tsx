import { IdCell } from "@/components/data-table/id-cell";

/** An award's RequestID in a table: cut to fit, copyable, and a link to its timeline when this console sent it. */
export function RequestIdCell({ requestId, linked = true }: { requestId: string; linked?: boolean }) {
  return (
    <IdCell
      value={requestId}
      what={`RequestID ${requestId}`}
      href={linked ? `/awards/${requestId}` : undefined}
    />
  );
}
