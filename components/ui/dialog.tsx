"use client";
import { X } from "lucide-react";
import { AlertDialog as AlertDialogPrimitive, Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const OVERLAY = "fixed inset-0 z-50 bg-black/50";
const CONTENT =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-popover p-6 text-popover-foreground shadow-lg";

const TITLE = "text-lg font-semibold";
const DESCRIPTION = "text-sm text-muted-foreground";

/**
 * Where the focus goes when a dialog closes (Escape, Cancel or done): to `to()` when it names a
 * place (the outcome of what the dialog did), else back to the control that had it when the
 * dialog opened. Radix does the latter only for a Trigger, and the console's dialogs open from
 * state; without this the focus fell to the page's start (docs/console.md, "UI kit").
 */
export type FocusAfterClose = () => HTMLElement | null | undefined;

type AutoFocusHandler = ((event: Event) => void) | undefined;

/** The content's focus handlers, the caller's own first: focus back to the opener, or to `to()`. */
function useFocusReturn(
  to: FocusAfterClose | undefined,
  own: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler },
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Radix asks before it moves the focus in: what has it now opened the dialog.
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = to?.() ?? opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Shows the × in the corner (its name is "Close"); off for dialogs that must be answered. */
  showClose?: boolean;
  focusAfterClose?: FocusAfterClose;
}

/** A modal dialog: focus trapped, background inert, Escape and the overlay close it; the focus returns. */
export function DialogContent({
  className,
  children,
  showClose = true,
  focusAfterClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focus = useFocusReturn(focusAfterClose, { onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY} />
      <DialogPrimitive.Content className={cn(CONTENT, className)} {...focus} {...props}>
        {children}
        {showClose ? (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-sm text-muted-foreground hover:text-foreground [&_svg]:size-4"
          >
            <X aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-6", className)} {...props} />;
}

/** The dialog's buttons: stacked full width on a phone, in a row on the right from `sm`. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(TITLE, className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(DESCRIPTION, className)} {...props} />;
}

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

/**
 * A dialog that must be answered (confirm or cancel): the overlay does not close it and Cancel
 * has the focus first, so Enter on an opened dialog never confirms by accident.
 */
export function AlertDialogContent({
  className,
  focusAfterClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content> & { focusAfterClose?: FocusAfterClose }) {
  const focus = useFocusReturn(focusAfterClose, { onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={OVERLAY} />
      <AlertDialogPrimitive.Content className={cn(CONTENT, className)} {...focus} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn(TITLE, className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn(DESCRIPTION, className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel className={buttonClass({ variant: "outline", className })} {...props} />
  );
}

export interface AlertDialogActionProps extends ComponentProps<typeof AlertDialogPrimitive.Action> {
  tone?: "default" | "danger";
}

export function AlertDialogAction({ className, tone = "default", ...props }: AlertDialogActionProps) {
  return (
    <AlertDialogPrimitive.Action
      className={buttonClass({ variant: tone === "danger" ? "destructive" : "primary", className })}
      {...props}
    />
  );
}
