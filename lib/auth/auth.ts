import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { clientAddress } from "./sign-in-throttle";
import { signInWithPassword } from "./users";

/**
 * Sign-in slowed down (lib/auth/sign-in-throttle.ts) or this client's checks still under way:
 * the code tells the sign-in form what to say (`throttled-account-12`, `throttled-client-5`,
 * `busy`).
 */
export class ThrottledSignIn extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

// Initialised per request, so the secret is read at run time, never during `next build`.
export const { handlers, auth, signIn, signOut } = NextAuth(async () => ({
  secret: consoleSecrets(consoleEnv()).authSecret,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        const client = clientAddress(request.headers);
        const result = await signInWithPassword(await consoleDb(), email, password, { client });
        if (result.ok)
          return { id: String(result.user.id), email: result.user.email, name: result.user.name };
        if (result.reason === "throttled")
          throw new ThrottledSignIn(`throttled-${result.by}-${result.retryAfterSeconds}`);
        if (result.reason === "busy") throw new ThrottledSignIn("busy");
        return null;
      },
    }),
  ],
  callbacks: {
    // The session carries the user id only: the role is read from the database on every request.
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  logger: {
    // A wrong password is not an error worth a stack trace in the log (STACK.md).
    error(error) {
      if (error.name === "CredentialsSignin" || error instanceof CredentialsSignin) return;
      console.error(`[auth] ${error.name}: ${error.message}`);
    },
  },
}));
