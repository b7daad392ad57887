"use client";
import { lazy, Suspense, useMemo, useState } from "react";
import { ExportLink } from "@/components/data-table/export-link";
import { ActNotice } from "@/components/ui/act-notice";
import type { KeysPageData, NewKeySecret } from "@/lib/service-keys/key-view";
import { CreateKeyForm } from "./create-key-form";
import { type KeyEvents, KeyEventsContext } from "./key-events";
import { KeysTable } from "./keys-table";

// Radix's dialog loads when the first secret is shown, not with the page.
const NewSecretDialog = lazy(() =>
  import("./new-secret-dialog").then((m) => ({ default: m.NewSecretDialog })),
);

/**
 * The Keys page's interactive part: the list with each key's acts, the Create key form, the line
 * that says what the last act did, and the dialog that shows a new secret once. The secret lives
 * only in this component's state, and is dropped when the dialog closes.
 */
export function KeysPanel({ data }: { data: KeysPageData }) {
  const [shown, setShown] = useState<(NewKeySecret & { rolled: boolean }) | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const events = useMemo<KeyEvents>(
    () => ({ showSecret: setShown, say: setNotice, keyFromEnvironment: data.keyFromEnvironment }),
    [data.keyFromEnvironment],
  );
  return (
    <KeyEventsContext value={events}>
      <ActNotice notice={notice} testId="key-notice" />
      <section aria-labelledby="keys-heading" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="keys-heading" className="text-lg font-semibold">
            Keys ({data.keys.length})
          </h2>
          <ExportLink href="/developers/keys/export.csv" />
        </div>
        <KeysTable rows={data.keys} />
      </section>
      <CreateKeyForm tokens={data.tokens} tokensProblem={data.tokensProblem} />
      {shown ? (
        <Suspense fallback={null}>
          <NewSecretDialog shown={shown} onDone={() => setShown(null)} />
        </Suspense>
      ) : null}
    </KeyEventsContext>
  );
}
