import type { InputHTMLAttributes } from "react";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  /** The id of the element that explains an error, when there is one. */
  errorId?: string | null;
  description?: string;
}

/**
 * The one field anatomy of the console's forms (STYLE): a visible label, the control with
 * `aria-invalid` and `aria-describedby`, and an optional description.
 */
export function TextField({ name, label, errorId, description, className, ...input }: TextFieldProps) {
  const descriptionId = description ? `${name}-description` : undefined;
  const describedBy = [descriptionId, errorId ?? undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={`rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900 ${className ?? ""}`}
        {...input}
      />
      {description ? (
        <p id={descriptionId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {description}
        </p>
      ) : null}
    </div>
  );
}
