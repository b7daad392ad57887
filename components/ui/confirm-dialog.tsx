"use client";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { FocusAfterClose } from "./dialog";

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
  /** Where the focus goes once the act is done (its outcome); otherwise back to what opened the dialog. */
  focusAfterClose?: FocusAfterClose;
}

const load = () => import("./confirm-dialog-radix");
const RadixConfirmDialog = lazy(() => load().then((module) => ({ default: module.RadixConfirmDialog })));

/**
 * Props for whatever opens a ConfirmDialog: the dialog's code is fetched as soon as the pointer
 * or the focus comes near it, so the first opening rarely waits.
 */
export const OPENS_CONFIRM_DIALOG = {
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
} as const;

/**
 * The one confirmation of every irreversible act (send award, send batch, fund, retry,
 * deactivate, delete): a modal dialog that names what will happen (confirm-dialog-radix.tsx).
 * Its code — Radix AlertDialog with its focus trap and scroll lock — loads on the first opening,
 * so no page's first load carries it (docs/console.md, "Bundle budget"); until then nothing is
 * drawn, as a closed dialog draws nothing.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RadixConfirmDialog {...props} />
    </Suspense>
  );
}
