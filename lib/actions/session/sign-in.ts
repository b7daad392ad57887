"use server";
import "server-only";
import { AuthError, CredentialsSignin } from "next-auth";
import { signIn } from "@/lib/auth/auth";
import { safeReturnPath } from "@/lib/auth/return-path";
import { signInRefusal } from "@/lib/auth/sign-in-refusal";

export interface SignInState {
  error: string | null;
  email: string;
  /** "code" once the password was right for an account with a second factor. */
  step: "password" | "code";
}

/**
 * The sign-in form's action: the only action without a session, since it makes one. A wrong
 * password and an unknown email get the same answer; a slowed-down account says how long to wait;
 * an account with a second factor is asked for a code, then the form sends the password again with
 * it (nothing is kept on the server between the two). Success returns to the page the person
 * asked for, if it is one of ours (lib/auth/return-path.ts).
 */
export async function signInAction(previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const code = String(form.get("code") ?? "").trim();
  if (!email || !password) return { error: "Enter your email and your password.", email, step: "password" };
  if (previous.step === "code" && !code)
    return {
      error: "Enter the 6-digit code from your authenticator app, or a recovery code.",
      email,
      step: "code",
    };
  try {
    const redirectTo = safeReturnPath(form.get("next"));
    await signIn("credentials", { email, password, code, redirectTo });
    return { error: null, email, step: "password" };
  } catch (error) {
    // signIn redirects by throwing: anything that is not an auth failure goes on (STACK.md).
    if (!(error instanceof AuthError)) throw error;
    const reason = error instanceof CredentialsSignin ? error.code : "";
    const codeStep = reason === "code-required" || reason === "invalid-code";
    return {
      error: reason === "code-required" ? null : signInRefusal(reason),
      email,
      step: codeStep ? "code" : "password",
    };
  }
}
