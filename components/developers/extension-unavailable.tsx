import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import type { ExtensionRefusal } from "@/lib/service-keys/extension-read";

export interface ExtensionUnavailableProps {
  /** Which page asks: what the service does not give, and what still works, differ. */
  page: "keys" | "requests" | "webhooks";
  refusal: ExtensionRefusal;
  /** Whether the person may open Settings → Connections (owners). */
  canManageConnections: boolean;
}

const link = "underline underline-offset-2";

/**
 * What the Keys, Webhooks or Requests page shows when the service does not give it what it needs: a
 * service without our extensions, or a console key without the `keys` scope. Says plainly what is
 * missing and what still works — not an error of the moment, so not an alarm.
 */
export function ExtensionUnavailable({ page, refusal, canManageConnections }: ExtensionUnavailableProps) {
  const connections = canManageConnections ? (
    <Link href="/settings/connections" className={link}>
      Settings → Connections
    </Link>
  ) : (
    "Settings → Connections"
  );
  let title: string;
  let body: ReactNode;
  if (refusal.kind === "missing") {
    title =
      page === "keys"
        ? "This project's service does not offer API keys as a resource"
        : page === "webhooks"
          ? "This project's service does not send webhooks"
          : "This project's service does not keep a request log";
    body =
      page === "webhooks" ? (
        <>
          <p>
            It answers the webhooks extension's address with 404 or 405: it implements the public spec only
            (or an older version of ours), so it cannot tell the game's servers what happened.
          </p>
          <p>
            What still works: the game's servers can ask the service about an award by its RequestID, and
            every award's timeline in{" "}
            <Link href="/awards" className={link}>
              Awards → History
            </Link>{" "}
            says what the console sent and what the service answered.
          </p>
        </>
      ) : page === "keys" ? (
        <>
          <p>
            It answers the keys extension's address with 404 or 405: it implements the public spec only (or an
            older version of ours), so the console cannot list, make, roll or revoke its keys.
          </p>
          <p>
            What still works: make or roll keys where the service runs, and give this console its new key in{" "}
            {connections} → <strong>Replace key</strong>
            {canManageConnections ? "" : " (an owner does this)"}.
          </p>
        </>
      ) : (
        <>
          <p>
            It answers the request log's address with 404 or 405: it implements the public spec only (or an
            older version of ours), so the console cannot show what the service saw of each call.
          </p>
          <p>
            What still works: the console's own trail — every award's timeline in{" "}
            <Link href="/awards" className={link}>
              Awards → History
            </Link>{" "}
            says what the console sent and what the service answered.
          </p>
        </>
      );
  } else {
    title =
      page === "keys"
        ? "This console's key may not manage keys"
        : page === "webhooks"
          ? "This console's key may not manage webhooks"
          : "This console's key may not read the request log";
    body = (
      <>
        <p>
          {page === "keys"
            ? "Listing and changing keys"
            : page === "webhooks"
              ? "Listing and changing webhook endpoints"
              : "Reading the request log"}{" "}
          needs a key with the <code className="font-mono">keys</code> scope, and the key this console calls
          the service with does not have it. The service said: “
          {refusal.message.replace(/^The service refused the request: /, "")}”
        </p>
        <p>
          What still works: everything else the key's scopes allow. To use this page, make a key with the{" "}
          <code className="font-mono">keys</code> scope where the service runs and give it to this console in{" "}
          {connections} → <strong>Replace key</strong>
          {canManageConnections ? "" : " (an owner does this)"}.
        </p>
      </>
    );
  }
  return (
    <section
      data-testid="extension-unavailable"
      aria-labelledby="extension-unavailable-heading"
      className="flex gap-3 rounded-lg border border-border bg-muted p-4 text-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-col gap-2 text-sm break-words">
        <h2 id="extension-unavailable-heading" className="text-base font-semibold">
          {title}
        </h2>
        {body}
      </div>
    </section>
  );
}
