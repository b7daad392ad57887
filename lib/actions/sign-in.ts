"use server";
import "server-only";
import { AuthError, CredentialsSignin } from "next-auth";
import { signIn } from "@/lib/auth/auth";
import { safeReturnPath } from "@/lib/auth/return-path";
import { signInRefusal } from "@/lib/auth/sign-in-refusal";

export interface SignInState {
  error: string | null;
  email: string;
}

/**
 * The sign-in form's action: the only action without a session, since it makes one. A wrong
 * password and an unknown email get the same answer; a slowed-down account says how long to wait.
 * Success returns to the page the person asked for, if it is one of ours (lib/auth/return-path.ts).
 */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: "Enter your email and your password.", email };
  try {
    const redirectTo = safeReturnPath(form.get("next"));
    await signIn("credentials", { email, password, redirectTo });
    return { error: null, email };
  } catch (error) {
    // signIn redirects by throwing: anything that is not an auth failure goes on (STACK.md).
    if (!(error instanceof AuthError)) throw error;
    const code = error instanceof CredentialsSignin ? error.code : "";
    return { error: signInRefusal(code), email };
  }
}
