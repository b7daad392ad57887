"use client";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
  DialogFooter,
} from "@/components/ui/dialog";

export interface ConfirmDialogProps {
  open: boolean;
  /** A question that names the act: "Send this award?", "Deactivate Ana?". */
  title: string;
  /** What the act does, named on the button: "Send award", "Fund wallet". */
  confirmLabel: string;
  /** The button's text while the act runs ("Sending…"). */
  pendingLabel?: string;
  pending?: boolean;
  /** Keeps the act unavailable (while something it depends on is still being checked); Cancel stays. */
  confirmDisabled?: boolean;
  /** "danger" for acts that take something away (deactivate, delete). */
  tone?: "default" | "danger";
  /**
   * A warning the person must tick before the act is offered (a new player, repeated rows…):
   * the confirm button stays disabled until the box is ticked.
   */
  acknowledge?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The summary of what will happen: who, how much, which contract. */
  children?: ReactNode;
  testId?: string;
}

/**
 * The one confirmation of every irreversible act (send award, send batch, fund, retry,
 * deactivate, delete): a modal dialog that names what will happen, with Cancel focused first so
 * Enter on an opened dialog never confirms by accident. Escape and Cancel close it, except while
 * the act runs; a click outside never does. Built on Radix AlertDialog (focus trapped, background
 * inert); its role stays "dialog" — the name every spec and screen-reader user has known it by
 * (docs/console.md, "UI kit").
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  pendingLabel,
  pending = false,
  confirmDisabled = false,
  tone = "default",
  acknowledge,
  onConfirm,
  onCancel,
  children,
  testId,
}: ConfirmDialogProps) {
  const acknowledgeId = useId();
  const [acknowledged, setAcknowledged] = useState(false);

  // Every opening asks again: a tick given for one award never carries to the next.
  useEffect(() => {
    if (open) setAcknowledged(false);
  }, [open]);

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
    >
      <AlertDialogContent
        role="dialog"
        data-testid={testId}
        // Without a summary there is nothing to describe the dialog with.
        {...(children ? {} : { "aria-describedby": undefined })}
        onEscapeKeyDown={(event) => {
          if (pending) event.preventDefault();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {children ? (
          <AlertDialogPrimitive.Description asChild>
            <div className="text-sm">{children}</div>
          </AlertDialogPrimitive.Description>
        ) : null}
        {acknowledge ? (
          <div className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <Checkbox
              id={acknowledgeId}
              checked={acknowledged}
              onCheckedChange={(state) => setAcknowledged(state === true)}
              className="mt-0.5"
            />
            <label htmlFor={acknowledgeId} className="cursor-pointer">
              {acknowledge}
            </label>
          </div>
        ) : null}
        <DialogFooter className="mt-2">
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            variant={tone === "danger" ? "destructive" : "primary"}
            onClick={onConfirm}
            disabled={pending || confirmDisabled || (acknowledge !== undefined && !acknowledged)}
          >
            {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
