"use client";
import { type ReactNode, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { ConfirmDialog, type ConfirmDialogProps, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";

export interface ConfirmButtonProps
  extends Pick<
    ConfirmDialogProps,
    "title" | "confirmLabel" | "pendingLabel" | "tone" | "acknowledge" | "testId" | "confirmDisabled"
  > {
  /** The trigger's visible text. */
  label: ReactNode;
  /** The trigger's accessible name, when its text alone is ambiguous (one per table row). */
  ariaLabel?: string;
  /** The trigger's look (a row's act: outline, size sm). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  disabled?: boolean;
  pending?: boolean;
  /** Runs when confirmed; the dialog closes when it settles. */
  onConfirm: () => Promise<void> | void;
  children?: ReactNode;
}

/** A button whose act happens only after the person confirms it in the one ConfirmDialog. */
export function ConfirmButton({
  label,
  ariaLabel,
  variant = "primary",
  size,
  className,
  disabled,
  pending = false,
  onConfirm,
  children,
  ...dialog
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        {...OPENS_CONFIRM_DIALOG}
        disabled={disabled || pending || running}
        onClick={() => setOpen(true)}
        className={className}
      >
        {label}
      </Button>
      <ConfirmDialog
        {...dialog}
        open={open}
        pending={pending || running}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setRunning(true);
          try {
            await onConfirm();
          } finally {
            setRunning(false);
            setOpen(false);
          }
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
