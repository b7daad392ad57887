import type { ActionResult } from "@/lib/model/action-result";

/**
 * What a form shows after a server action answers (docs/console.md, "Forms"): the sentence for the
 * person and the field errors, keyed by the field's path ("amount", "lines[0].amount"). Pure, so
 * the rule is tested without a browser; use-form-action.ts applies it.
 */
export interface FormErrors {
  /** The action's sentence, shown under the form; null when there is none or the fields say it all. */
  error: string | null;
  fieldErrors: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { error: null, fieldErrors: {} };

/**
 * Where a refusal's sentence goes when the action also names fields (the sentence repeats them):
 * "always" under the form as well; "unless-fields" only when it names no field (a form that shows
 * every field the action can name); or, given the fields the form shows, only when none of them
 * has an error (a field the form does not show keeps the sentence, or nothing would say it).
 */
export type SentenceBesideFields = "always" | "unless-fields" | { unlessShown: readonly string[] };

/** The errors after an answer: none after a success, the refusal's sentence and fields otherwise. */
export function errorsAfter<T>(
  result: ActionResult<T>,
  sentence: SentenceBesideFields = "always",
): FormErrors {
  if (result.ok) return NO_ERRORS;
  const fieldErrors = result.fieldErrors ?? {};
  const shown =
    sentence === "always"
      ? false
      : sentence === "unless-fields"
        ? Object.keys(fieldErrors).length > 0
        : sentence.unlessShown.some((field) => fieldErrors[field] !== undefined);
  return { error: shown ? null : result.error, fieldErrors };
}

export type ToastTone = "success" | "error" | "warning" | "info";

/** A toast's words: a fixed text, or one made from what the action answered (null: no toast this time). */
export type Said<A> = string | ((answer: A) => string | null);

export interface FormToasts<T> {
  /** After a success, e.g. "Security settings saved." or (data) => `Key “${data.name}” made.`. */
  success?: Said<T>;
  /** After a refusal, given the action's sentence: e.g. "Not rejected." or (error) => error. */
  failure?: Said<string>;
}

/** The toast an answer calls for, if the form asked for one (a step-up the person cancelled is a refusal like any other). */
export function toastAfter<T>(
  result: ActionResult<T>,
  toasts: FormToasts<T>,
): { tone: ToastTone; message: string } | null {
  const say = <A>(said: Said<A> | undefined, answer: A) =>
    said === undefined ? null : typeof said === "function" ? said(answer) : said;
  const message = result.ok ? say(toasts.success, result.data) : say(toasts.failure, result.error);
  return message === null ? null : { tone: result.ok ? "success" : "error", message };
}
