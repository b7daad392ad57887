"use client";
import type { ReactNode } from "react";
import { RequestStatusBadge } from "@/components/developers/request-status-badge";
import { PlayerLink } from "@/components/players/player-link";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { RequestLogEntry } from "@/lib/contract/request-log";

export interface RequestDetailDialogProps {
  entry: RequestLogEntry;
  onClose: () => void;
}

const none = <span className="text-muted-foreground">—</span>;

/** Every field the service logged of one call (loaded on first use, like the kit's other overlays). */
export function RequestDetailDialog({ entry, onClose }: RequestDetailDialogProps) {
  const rows: [string, ReactNode][] = [
    ["At", <When key="at" iso={entry.At} seconds />],
    [
      "Method and route",
      <code key="route" className="font-mono break-all">{`${entry.Method} ${entry.Route}`}</code>,
    ],
    ["Status", <RequestStatusBadge key="status" status={entry.Status} />],
    ["Duration", `${entry.DurationMs} ms`],
    ["Failed", entry.isError === "1" ? "Yes" : "No"],
    ["Error code", entry.ErrorCode || none],
    ["Error", entry.Error || none],
    [
      "Key",
      <span key="key">
        <code className="font-mono">{entry.KeyPrefix}…</code> (Id {entry.KeyId})
      </span>,
    ],
    ["Customer ID", entry.CustomerID ? <PlayerLink key="customer" customerId={entry.CustomerID} /> : none],
    [
      "Request ID",
      entry.RequestID ? (
        <span key="request" className="inline-flex items-center gap-1">
          <Link
            href={`/awards/${encodeURIComponent(entry.RequestID)}`}
            className="font-mono break-all underline underline-offset-2"
          >
            {entry.RequestID}
          </Link>
          <CopyButton value={entry.RequestID} what="Request ID" />
        </span>
      ) : (
        none
      ),
    ],
    // Only Prices carries one: the row would be empty on every other call.
    ...(entry.IP
      ? ([
          [
            "Buyer's IP",
            <code key="ip" className="font-mono">
              {entry.IP}
            </code>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      "Caller's request id",
      <span key="caller" className="inline-flex items-center gap-1">
        <code className="font-mono break-all">{entry.CallerRequestId}</code>
        <CopyButton value={entry.CallerRequestId} what="caller's request id" />
      </span>,
    ],
    [
      "Log entry",
      <code key="id" className="font-mono">
        {entry.Id}
      </code>,
    ],
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="request-detail" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {entry.Method} {entry.Route} · {entry.Status}
          </DialogTitle>
          <DialogDescription>
            What the service saw of this call. It never logs the key or the raw path.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] [&_dd]:mb-2 [&_dd]:break-words sm:[&_dd]:mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
