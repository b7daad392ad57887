"use client";
import { useActionState } from "react";
import { buttonClass } from "@/components/ui/button";
import { type SignInState, signInAction } from "@/lib/actions/sign-in";
import { TextField } from "./text-field";

const initial: SignInState = { error: null, email: "" };

/** `next` is the page to return to, already checked by the server (lib/auth/return-path.ts). */
export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, initial);
  const errorId = state.error ? "sign-in-error" : null;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
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
        errorId={errorId}
      />
      {state.error ? (
        <p id="sign-in-error" data-testid="sign-in-error" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={buttonClass()}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
