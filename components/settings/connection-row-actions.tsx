"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { deleteConnectionAction } from "@/lib/actions/delete-connection";
import { replaceConnectionKeyAction } from "@/lib/actions/replace-connection-key";
import { testConnectionAction } from "@/lib/actions/test-connection";

export interface ConnectionRowActionsProps {
  connectionRef: string;
  name: string;
  readOnly: boolean;
}

/** Test a saved connection (with its stored key, on the server) or delete it. */
export function ConnectionRowActions({ connectionRef, name, readOnly }: ConnectionRowActionsProps) {
  const router = useRouter();
  const stepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [newKey, setNewKey] = useState("");
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Test connection ${name}`}
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const result = await testConnectionAction({ ref: connectionRef });
              setOutcome(
                result.ok
                  ? { ok: result.data.ok, text: result.data.message }
                  : { ok: false, text: result.error },
              );
            })
          }
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
              const result = await stepUp(() =>
                replaceConnectionKeyAction({ ref: connectionRef, apiKey: newKey }),
              );
              setNewKey("");
              setOutcome(
                result.ok
                  ? { ok: true, text: `Key replaced: it now ends ${result.data.keyHint}. Test it.` }
                  : { ok: false, text: result.error },
              );
              router.refresh();
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
              const result = await stepUp(() => deleteConnectionAction({ ref: connectionRef }));
              if (!result.ok) setOutcome({ ok: false, text: result.error });
              else toast.success(`Connection "${name}" deleted.`);
              router.refresh();
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
