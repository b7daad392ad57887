"use client";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { DANGER_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/ui/styles";

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
 * deactivate, delete): a modal dialog that names what will happen, with Cancel first so Enter on
 * an opened dialog never confirms by accident. Escape and Cancel close it, except while the act
 * runs. Built on the native modal `<dialog>` (focus trapped, background inert).
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
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const acknowledgeId = useId();
  const [acknowledged, setAcknowledged] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setAcknowledged(false);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: the parent decides whether the dialog closes (never while the act runs).
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-zinc-300 bg-white p-6 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {open && children ? <div className="mt-4 text-sm">{children}</div> : null}
      {open && acknowledge ? (
        <div className="mt-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <input
            type="checkbox"
            id={acknowledgeId}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
            className="mt-1"
          />
          <label htmlFor={acknowledgeId}>{acknowledge}</label>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={pending} className={SECONDARY_BUTTON}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending || confirmDisabled || (acknowledge !== undefined && !acknowledged)}
          className={tone === "danger" ? DANGER_BUTTON : PRIMARY_BUTTON}
        >
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
