"use client";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import type { ConfirmDialogProps } from "@/components/ui/confirm-dialog";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
  DialogFooter,
} from "@/components/ui/dialog";

/**
 * ConfirmDialog's modal itself, on Radix AlertDialog (focus trapped, background inert): Cancel
 * focused first so Enter on an opened dialog never confirms by accident; Escape and Cancel close
 * it, except while the act runs; a click outside never does. Its role stays "dialog" — the name
 * every spec and screen-reader user has known it by (docs/console.md, "UI kit"). Loaded on first
 * use by confirm-dialog.tsx.
 */
export function RadixConfirmDialog({
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
  focusAfterClose,
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
        focusAfterClose={focusAfterClose}
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
