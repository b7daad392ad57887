"use client";
import { useState, useTransition } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/model/action-result";
import {
  errorsAfter,
  type FormErrors,
  type FormToasts,
  NO_ERRORS,
  type SentenceBesideFields,
  toastAfter,
} from "./form-result";

export interface FormActionOptions<I, T> extends FormToasts<T> {
  /** Where the refusal's sentence goes when fields are named too (form-result.ts); "always" unless told. */
  sentence?: SentenceBesideFields;
  /** First thing in the transition, before the action is asked: an optimistic value (useOptimistic). */
  onStart?: (input: I) => void;
  /** After a success, with what the action answered and what was sent: reset the draft, tell the page. */
  onSuccess?: (data: T, input: I) => void;
  /** After a refusal (the errors are already shown): settle a RequestID, close a dialog. */
  onFailure?: (failure: Extract<ActionResult<T>, { ok: false }>, input: I) => void;
}

export interface FormAction<I, T> extends FormErrors {
  /** Runs the action in a transition; resolves with its answer once the form shows it. */
  run: (input: I) => Promise<ActionResult<T>>;
  pending: boolean;
  /** Shows errors found before asking the server (the form's own check of the same rules). */
  showErrors: (errors: Partial<FormErrors>) => void;
}

/**
 * The console's form pattern (docs/console.md, "Forms"): one server action, run in a transition
 * (pending), through the step-up guard (a refusal for want of a fresh second factor asks for a code
 * and runs it once more: components/auth/step-up.tsx), its answer turned into the sentence and field
 * errors the form shows, and the toasts the form names. No `router.refresh()`: an action that changes
 * data revalidates the page in its own answer (lib/actions/define-action.ts), so it shows the change.
 */
export function useFormAction<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  options: FormActionOptions<I, T> = {},
): FormAction<I, T> {
  const stepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const run = (input: I) =>
    new Promise<ActionResult<T>>((resolve) => {
      startTransition(async () => {
        options.onStart?.(input);
        const result = await stepUp(() => action(input));
        setErrors(errorsAfter(result, options.sentence));
        const said = toastAfter(result, options);
        if (said) toast[said.tone](said.message);
        if (result.ok) options.onSuccess?.(result.data, input);
        else options.onFailure?.(result, input);
        resolve(result);
      });
    });

  const showErrors = (shown: Partial<FormErrors>) =>
    setErrors({ error: shown.error ?? null, fieldErrors: shown.fieldErrors ?? {} });

  return { ...errors, run, pending, showErrors };
}
