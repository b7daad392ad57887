"use client";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { When } from "@/components/ui/when";
import type { NewKeySecret } from "@/lib/service-keys/key-view";

export interface NewSecretDialogProps {
  shown: NewKeySecret & { rolled: boolean };
  onDone: () => void;
}

/**
 * A new key's secret, shown this once (loaded on first use: Radix's dialog weighs on no page's
 * first load). Neither a click outside nor Escape closes it: only the button that says the secret
 * was kept, so nobody loses it by a slip.
 */
export function NewSecretDialog({ shown, onDone }: NewSecretDialogProps) {
  const { key, secret, oldKeyWorksUntil, rolled } = shown;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent
        showClose={false}
        data-testid="new-secret-dialog"
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{rolled ? `The new key for “${key.name}”` : `Your new key “${key.name}”`}</DialogTitle>
          <DialogDescription>
            Copy it now and keep it where the game's servers read their secrets.
          </DialogDescription>
        </DialogHeader>
        <p className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-foreground">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            <strong>You will not see it again.</strong> The console does not keep it, and the service stores
            only a hash of it.
          </span>
        </p>
        <div className="flex items-start gap-2 rounded-md border border-border bg-muted p-3">
          <code data-testid="new-secret" className="min-w-0 flex-1 font-mono text-sm break-all">
            {secret}
          </code>
          <CopyButton value={secret} what="the new key" />
        </div>
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
                works until <When iso={oldKeyWorksUntil} />: move the game's servers to the new key before
                then.
              </dd>
            </>
          ) : null}
        </dl>
        <DialogFooter>
          <Button onClick={onDone}>I have copied it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
