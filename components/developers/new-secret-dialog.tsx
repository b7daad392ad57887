"use client";
import { When } from "@/components/ui/when";
import type { NewKeySecret } from "@/lib/service-keys/key-view";
import { OneTimeSecretDialog } from "./one-time-secret-dialog";

export interface NewSecretDialogProps {
  shown: NewKeySecret & { rolled: boolean };
  onDone: () => void;
}

/** A new API key's secret, shown this once. */
export function NewSecretDialog({ shown, onDone }: NewSecretDialogProps) {
  const { key, secret, oldKeyWorksUntil, rolled } = shown;
  return (
    <OneTimeSecretDialog
      title={rolled ? `The new key for “${key.name}”` : `Your new key “${key.name}”`}
      description="Copy it now and keep it where the game's servers read their secrets."
      why="The console does not keep it, and the service stores only a hash of it."
      secret={secret}
      what="the new key"
      onDone={onDone}
    >
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Scopes</dt>
        <dd>{key.scopes.join(", ")}</dd>
        <dt className="text-muted-foreground">Caps</dt>
        <dd>
          {key.caps.length === 0
            ? "None"
            : key.caps.map((cap) => `${cap.daily} ${cap.symbol} a day`).join(", ")}
        </dd>
        {oldKeyWorksUntil ? (
          <>
            <dt className="text-muted-foreground">Old key</dt>
            <dd>
              works until <When iso={oldKeyWorksUntil} />: move the game's servers to the new key before then.
            </dd>
          </>
        ) : null}
      </dl>
    </OneTimeSecretDialog>
  );
}
