"use client";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
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

export interface OneTimeSecretDialogProps {
  title: string;
  description: string;
  /** Why it is not shown again, after "You will not see it again." */
  why: string;
  secret: string;
  /** Names it for the copy button ("the new key"). */
  what: string;
  /** What else to say of it: its scopes, until when the old one works… */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret shown this once — a new API key, a webhook endpoint's signing secret (loaded on first
 * use: Radix's dialog weighs on no page's first load). Neither a click outside nor Escape closes
 * it: only the button that says the secret was kept, so nobody loses it by a slip.
 */
export function OneTimeSecretDialog({
  title,
  description,
  why,
  secret,
  what,
  children,
  onDone,
}: OneTimeSecretDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent
        showClose={false}
        data-testid="new-secret-dialog"
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <p className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-foreground">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            <strong>You will not see it again.</strong> {why}
          </span>
        </p>
        <div className="flex items-start gap-2 rounded-md border border-border bg-muted p-3">
          <code data-testid="new-secret" className="min-w-0 flex-1 font-mono text-sm break-all">
            {secret}
          </code>
          <CopyButton value={secret} what={what} />
        </div>
        {children}
        <DialogFooter>
          <Button onClick={onDone}>I have copied it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
