"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Input } from "@/components/ui/input";
import { deleteConnectionAction } from "@/lib/actions/connections/delete-connection";
import { replaceConnectionKeyAction } from "@/lib/actions/connections/replace-connection-key";
import { testConnectionAction } from "@/lib/actions/connections/test-connection";

export interface ConnectionRowActionsProps {
  connectionRef: string;
  name: string;
  readOnly: boolean;
}

/** Test a saved connection (with its stored key, on the server) or delete it. */
export function ConnectionRowActions({ connectionRef, name, readOnly }: ConnectionRowActionsProps) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [newKey, setNewKey] = useState("");
  const refused = ({ error }: { error: string }) => setOutcome({ ok: false, text: error });
  const test = useFormAction(testConnectionAction, {
    onSuccess: (data) => setOutcome({ ok: data.ok, text: data.message }),
    onFailure: refused,
  });
  const replace = useFormAction(replaceConnectionKeyAction, {
    onSuccess: (data) =>
      setOutcome({ ok: true, text: `Key replaced: it now ends ${data.keyHint}. Test it.` }),
    onFailure: refused,
  });
  const remove = useFormAction(deleteConnectionAction, {
    success: `Connection "${name}" deleted.`,
    onFailure: refused,
  });
  const pending = test.pending || replace.pending || remove.pending;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Test connection ${name}`}
          disabled={pending}
          onClick={() => void test.run({ ref: connectionRef })}
        >
          Test
        </Button>
        {readOnly ? null : (
          <ConfirmButton
            label="Replace key"
            ariaLabel={`Replace the key of ${name}`}
            variant="outline"
            size="sm"
            pending={pending}
            title={`Replace the API key of "${name}"?`}
            confirmLabel="Replace key"
            pendingLabel="Replacing…"
            confirmDisabled={newKey.trim().length < 8}
            onConfirm={async () => {
              await replace.run({ ref: connectionRef, apiKey: newKey });
              setNewKey("");
            }}
          >
            <p className="mb-2">
              The new key is stored encrypted; the old one is forgotten. Calls use it at once.
            </p>
            <Input
              type="password"
              aria-label="New API key"
              autoComplete="off"
              value={newKey}
              onChange={(event) => setNewKey(event.target.value)}
              className="font-mono"
            />
          </ConfirmButton>
        )}
        {readOnly ? null : (
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete connection ${name}`}
            variant="outline"
            size="sm"
            className="text-destructive"
            pending={pending}
            title={`Delete the connection "${name}"?`}
            confirmLabel="Delete connection"
            pendingLabel="Deleting…"
            tone="danger"
            onConfirm={async () => {
              await remove.run({ ref: connectionRef });
            }}
          >
            <p>Its API key is deleted with it. Awards already sent through it stay in the trail.</p>
          </ConfirmButton>
        )}
      </div>
      {outcome ? (
        <p role="status" className={cn("max-w-80 text-xs", outcome.ok ? "text-success" : "text-destructive")}>
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
