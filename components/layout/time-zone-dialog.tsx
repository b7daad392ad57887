"use client";
import { useMemo, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Select } from "@/components/ui/select";
import { useBrowserTimeZone, useChosenTimeZone } from "@/components/ui/when";
import { chooseTimeZoneAction } from "@/lib/actions/account/choose-time-zone";
import { formatTime, timeZoneChoices } from "@/lib/time/format-time";

/** The select's value for "no choice: the browser's zone". */
const BROWSER = "";

export interface TimeZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once it closes. */
  onClosed: () => void;
}

/**
 * The user menu's time zone choice (docs/console.md, "Dates and times"): the browser's (the
 * default) or a named zone, kept per user on the server so every device shows the same times.
 */
export function TimeZoneDialog({ open, onOpenChange, onClosed }: TimeZoneDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="time-zone-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {/* Mounted while open only: each opening starts from the saved choice. */}
        {open ? <TimeZoneForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TimeZoneForm({ onDone }: { onDone: () => void }) {
  const chosen = useChosenTimeZone();
  const browser = useBrowserTimeZone() ?? "UTC";
  const [value, setValue] = useState(chosen ?? BROWSER);
  const choose = useFormAction(chooseTimeZoneAction, {
    success: () => (value ? `Times are shown in ${value}.` : `Times follow this browser (${browser}).`),
    // The shell's times follow at once: the action's answer re-renders the layout with the new zone.
    onSuccess: onDone,
  });
  const { pending } = choose;
  const error = choose.fieldErrors.timeZone ? `Time zone ${choose.fieldErrors.timeZone}.` : choose.error;
  const zones = useMemo(() => {
    const all = timeZoneChoices();
    // A zone saved from another browser whose list named it differently stays choosable.
    return chosen && !all.includes(chosen) ? [chosen, ...all] : all;
  }, [chosen]);
  const shownIn = value || browser;
  return (
    <Form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void choose.run({ timeZone: value || null });
      }}
    >
      <DialogHeader>
        <DialogTitle>Time zone</DialogTitle>
        <DialogDescription>
          The console shows every time in this zone, on each device you sign in on. Hover a time to see it in
          UTC.
        </DialogDescription>
      </DialogHeader>
      <Field
        id="time-zone"
        label="Time zone"
        hint={
          <span data-testid="time-zone-preview">Now: {formatTime(new Date().toISOString(), shownIn)}</span>
        }
        error={error}
      >
        <Select
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            choose.showErrors({});
          }}
        >
          <option value={BROWSER}>This browser’s ({browser})</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </Form>
  );
}
