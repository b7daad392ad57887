"use client";
import { lazy, Suspense, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Link } from "@/components/ui/link";
import { useTimeZone } from "@/components/ui/when";
import { revokeServiceKeyAction } from "@/lib/actions/developers/revoke-service-key";
import { rollServiceKeyAction } from "@/lib/actions/developers/roll-service-key";
import { DEFAULT_GRACE_SECONDS } from "@/lib/service-keys/key-rules";
import { keyWorks } from "@/lib/service-keys/key-status";
import type { KeyRow } from "@/lib/service-keys/key-view";
import { formatTime } from "@/lib/time/format-time";
import { useKeyEvents } from "./key-events";

// Radix's radio group loads with the Roll dialog, not with the page (docs/benchmarks.md, bundle).
const GracePeriodChoice = lazy(() =>
  import("./grace-period-choice").then((m) => ({ default: m.GracePeriodChoice })),
);

/** A key's acts: Roll (a live key), Revoke (a key that still works, not this console's), its requests. */
export function KeyRowActions({ row }: { row: KeyRow }) {
  const works = keyWorks(row.status);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {row.status.kind === "live" ? <RollKey row={row} /> : null}
      {works && !row.thisKey ? <RevokeKey row={row} /> : null}
      <Link
        href={`/developers/requests?KeyId=${row.id}`}
        className="text-sm whitespace-nowrap underline underline-offset-2"
        aria-label={`Requests made with ${row.name}`}
      >
        Requests
      </Link>
    </div>
  );
}

function RollKey({ row }: { row: KeyRow }) {
  const { showSecret, say, keyFromEnvironment } = useKeyEvents();
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_SECONDS));
  const own = row.thisKey;
  // One date format everywhere: the person's zone, as every <When> shows a time.
  const timeZone = useTimeZone();
  const roll = useFormAction(rollServiceKeyAction, {
    // This console's own key: no secret to show, so the toast says what happened.
    success: (data) => (data.own ? `Key “${row.name}” rolled: this console switched to the new key.` : null),
    failure: (error) => error,
    onFailure: ({ error }) => say({ ok: false, text: error }),
    onSuccess: (data) => {
      if (data.own) {
        const text = `This console now calls the service with the new key ${data.key.prefix}…; the old one works until ${formatTime(data.oldKeyWorksUntil, timeZone)}.`;
        say({ ok: true, text });
      } else {
        showSecret({ ...data, rolled: true });
        say({
          ok: true,
          text: `Key “${row.name}” rolled: the old one works until ${formatTime(data.oldKeyWorksUntil, timeZone)}.`,
        });
      }
    },
  });
  return (
    <ConfirmButton
      label="Roll"
      ariaLabel={`Roll ${row.name}`}
      variant="outline"
      size="sm"
      title={`Roll the key “${row.name}” (${row.prefix}…)?`}
      confirmLabel="Roll key"
      pendingLabel="Rolling…"
      confirmDisabled={own && keyFromEnvironment}
      onConfirm={async () => {
        await roll.run({ keyId: row.id, graceSeconds: Number(grace) });
      }}
    >
      <div className="flex flex-col gap-3">
        <p>
          A new key with the same name, scopes, expiry and caps takes its place. The old key keeps working —
          reads and awards — for the grace period, then stops: move whatever uses it to the new key before
          then.
        </p>
        {own ? (
          keyFromEnvironment ? (
            <p className="font-medium text-destructive">
              This is the key this console calls the service with, and it comes from the environment
              (COMMERCE_API_KEY): the console cannot store a new one. Roll it where the service runs and
              change COMMERCE_API_KEY.
            </p>
          ) : (
            <p className="font-medium">
              This is the key this console calls the service with: the console switches to the new key at
              once, and you will not see it. Awards, retries and running bulk batches go on with it.
            </p>
          )
        ) : (
          <p>The new key is shown once, when it is made.</p>
        )}
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the choices…</p>}>
          <GracePeriodChoice value={grace} onChange={setGrace} />
        </Suspense>
      </div>
    </ConfirmButton>
  );
}

function RevokeKey({ row }: { row: KeyRow }) {
  const { say } = useKeyEvents();
  const revoke = useFormAction(revokeServiceKeyAction, {
    success: `Key “${row.name}” revoked.`,
    failure: (error) => error,
    onFailure: ({ error }) => say({ ok: false, text: error }),
    onSuccess: () =>
      say({
        ok: true,
        text: `Key “${row.name}” (${row.prefix}…) revoked: the service refuses it from now on.`,
      }),
  });
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${row.name}`}
      variant="outline"
      size="sm"
      className="text-destructive"
      tone="danger"
      title={`Revoke the key “${row.name}” (${row.prefix}…)?`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      onConfirm={async () => {
        await revoke.run({ keyId: row.id });
      }}
    >
      <p>
        Every call made with “{row.name}” ({row.prefix}…) is refused from now on
        {row.status.kind === "rolled" ? ", and the rest of its grace period ends" : ""}. Whatever still uses
        it stops working. This cannot be undone.
      </p>
    </ConfirmButton>
  );
}
