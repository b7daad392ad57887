"use client";
import type { ComponentProps, ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export interface TextFieldProps extends Omit<ComponentProps<"input">, "name"> {
  name: string;
  label: ReactNode;
  /** The field's error message; the Field shows it and links it to the input. */
  error?: string | null;
  /** One line on what to enter. */
  hint?: ReactNode;
  /** @deprecated Use `hint`. */
  description?: string;
  /**
   * The id of an error shown elsewhere (one message for several fields, as on sign-in): marks
   * the input invalid and described by it.
   */
  errorId?: string | null;
}

/**
 * A labelled one-line input: the kit's Field and Input (components/ui/field.tsx, the one field
 * anatomy) with the id defaulting to the name, for forms of plain text fields.
 */
export function TextField({ name, label, error, hint, description, errorId, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint ?? description} error={error} id={id ?? name}>
      <Input
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
        {...input}
      />
    </Field>
  );
}
