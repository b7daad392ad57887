/**
 * The look every text-like control shares (Input, Textarea, Select), in one place: border, the
 * invalid state from `aria-invalid`, disabled. Height and padding are each control's own.
 */
export const CONTROL_CLASS =
  "w-full min-w-0 rounded-md border border-input bg-card text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm";
