"use client";
import { createContext, type ReactNode, useContext, useId } from "react";
import { cn } from "@/components/ui/cn";

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export interface FieldProps {
  label: ReactNode;
  /** One line on what to enter, shown under the control and read with it. */
  hint?: ReactNode;
  /** The field's error (from the server action's fieldErrors or the client schema). */
  error?: string | readonly string[] | null;
  /** Set when the control needs a known id (a test, a label elsewhere); generated otherwise. */
  id?: string;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  className?: string;
  /** The one control: Input, Textarea, Select, Checkbox… from the kit (they read the field). */
  children: ReactNode;
}

/**
 * One field anatomy for every form (docs/console.md, "UI kit"): a visible label, the control, a
 * hint and an error. The kit's controls inside read the field's id, `aria-describedby` (hint then
 * error) and `aria-invalid` from context, so no form wires them by hand.
 */
export function Field({ label, hint, error, id, optional, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const rule = Array.isArray(error) ? error.join(" ") : (error as string | null | undefined);
  const message = rule ? errorSentence(label, rule) : rule;
  const errorId = message ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <FieldContext value={{ id: controlId, describedBy, invalid: Boolean(message) }}>
      {/* content-start: a field in a row of taller ones (a neighbour's hint or error) keeps its label
          and control at the top, level with theirs, instead of spreading them over the row. */}
      <div className={cn("grid content-start gap-1.5", className)}>
        <label htmlFor={controlId} className="text-sm font-medium text-foreground">
          {label}
          {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </label>
        {children}
        {hint ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {message ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {message}
          </p>
        ) : null}
      </div>
    </FieldContext>
  );
}

/**
 * A field's error as a whole sentence a person reads under the control (docs/console.md, "Forms"):
 * the shared rules say what a value must be after the field's name ("must not be empty"), as the
 * server's messages put it ("reason must not be empty"), so the field puts its own label first —
 * "Reason must not be empty." A message that is a sentence already is left as it is.
 */
export function errorSentence(label: ReactNode, message: string): string {
  const text = message.trim();
  const sentence = typeof label === "string" && /^[a-z]/.test(text) ? `${label} ${text}` : text;
  return /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
}

interface ControlProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
}

/**
 * The id, description and validity a control gets from its Field; props passed to the control
 * win (a control outside any Field keeps exactly its own props).
 */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
  };
}
