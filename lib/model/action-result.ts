/** What every server action answers (lib/actions/define-action.ts); browser-safe, for the forms that read it. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
      /** Refused for want of a fresh second factor: the form asks for a code and tries again (components/auth/step-up.tsx). */
      stepUp?: true;
    };

/** What a server action answers when it succeeds: `ActionData<typeof someAction>`. */
export type ActionData<A extends (...args: never[]) => Promise<ActionResult<unknown>>> =
  Awaited<ReturnType<A>> extends infer R ? (R extends { ok: true; data: infer D } ? D : never) : never;
