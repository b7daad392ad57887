"use client";
import { useActionState, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { type SignInState, signInAction } from "@/lib/actions/session/sign-in";
import { TextField } from "./text-field";

const initial: SignInState = { error: null, email: "", step: "password" };

/**
 * Email and password, then — for an account with a second factor — the code. The password stays
 * in this form's state between the two steps (React resets a form's own fields after an action),
 * never on the server. `next` is the page to return to, already checked by the server
 * (lib/auth/return-path.ts).
 *
 * Not on useFormAction (docs/console.md, "Forms"), on purpose: there is no session yet, so no
 * step-up and no guard (defineAction) to answer an ActionResult, and no toast; success is the
 * action's own redirect into the console; and the form is the server action itself, so it signs in
 * before the page's script has loaded.
 */
export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, initial);
  const [password, setPassword] = useState("");
  // A refused password is cleared, as a browser's own form would; at the code step it is kept.
  useEffect(() => {
    if (state.step === "password" && state.error) setPassword("");
  }, [state]);
  const errorId = state.error ? "sign-in-error" : null;
  const codeStep = state.step === "code";
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
      {codeStep ? (
        <>
          <input type="hidden" name="email" value={state.email} />
          <input type="hidden" name="password" value={password} />
          <p className="text-sm text-muted-foreground">
            Signing in as <span className="font-medium text-foreground">{state.email}</span>.
          </p>
          <TextField
            name="code"
            label="Authentication code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            required
            errorId={errorId}
            className="font-mono tracking-widest"
          />
        </>
      ) : (
        <>
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            defaultValue={state.email}
            errorId={errorId}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            errorId={errorId}
          />
        </>
      )}
      {state.error ? (
        <p id="sign-in-error" data-testid="sign-in-error" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={buttonClass()}>
        {pending ? "Signing in…" : codeStep ? "Verify" : "Sign in"}
      </button>
    </form>
  );
}
