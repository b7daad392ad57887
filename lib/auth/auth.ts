import "server-only";
import { cookies } from "next/headers";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { recordAudit } from "@/lib/audit/audit-log";
import { actorFromHeaders, requestActor } from "@/lib/audit/request-actor";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { consoleSecrets } from "@/lib/secrets";
import { signOutSession } from "./account";
import {
  cookieValue,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDeviceId,
  rememberDevice,
} from "./known-device";
import { findSignedIn, SESSION_MAX_AGE_SECONDS, startSession } from "./sessions";
import { signInWithPassword } from "./users";

declare module "next-auth" {
  interface Session {
    /** The server-side session (lib/auth/sessions.ts); no credential without the signed cookie. */
    sessionId?: string;
  }
  interface User {
    sessionId?: string;
  }
}

/**
 * Sign-in slowed down (lib/auth/sign-in-throttle.ts) or this client's checks still under way:
 * the code tells the sign-in form what to say (`throttled-account-12`, `throttled-client-5`,
 * `throttled-device-5`, `busy`), or that the account wants a second-factor code (`code-required`, `invalid-code`).
 */
export class ThrottledSignIn extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

// Initialised per request, so the secret is read at run time, never during `next build`. Pages
// and actions read the session cookie themselves (lib/auth/session-cookie.ts), not through `auth()`.
export const { handlers, signIn, signOut } = NextAuth(async () => ({
  secret: consoleSecrets(consoleEnv()).authSecret,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in" },
  providers: [
    Credentials({
      credentials: {
        email: { label: "Email" },
        password: { label: "Password", type: "password" },
        code: { label: "Code" },
      },
      async authorize(credentials, request) {
        const text = (value: unknown) => (typeof value === "string" ? value : "");
        const email = text(credentials?.email).trim().toLowerCase();
        const db = await consoleDb();
        const { encryptionKeys: keys, authSecret } = consoleSecrets(consoleEnv());
        const client = clientAddress(request.headers);
        // A browser this account signed in from before counts its own failures only (known-device.ts).
        const deviceCookie = cookieValue(request.headers.get("cookie"), KNOWN_DEVICE_COOKIE);
        const result = await signInWithPassword(db, email, text(credentials?.password), {
          client,
          device: knownDeviceId(authSecret, email, deviceCookie),
          code: text(credentials?.code),
          keys,
        });
        // Every attempt is in the audit log but the half-way "password right, code next".
        const actor = actorFromHeaders(request.headers, result.ok ? result.user : null, email);
        if (result.ok) {
          const { user } = result;
          (await cookies()).set(KNOWN_DEVICE_COOKIE, rememberDevice(authSecret, email, deviceCookie), {
            httpOnly: true,
            sameSite: "lax",
            secure: new URL(request.url).protocol === "https:",
            path: "/",
            maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
          });
          const sessionId = await startSession(db, user.id, {
            client,
            userAgent: actor.userAgent,
            secondFactor: result.secondFactor !== "none",
          });
          await recordAudit(db, actor, {
            kind: "sign-in.succeeded",
            summary: `Signed in${result.secondFactor === "none" ? " with a password" : ` with a password and ${result.secondFactor === "totp" ? "an authenticator code" : "a recovery code"}`}`,
          });
          if (result.secondFactor === "recovery-code")
            await recordAudit(db, actor, {
              kind: "mfa.recovery-code-used",
              summary: `Used a recovery code to sign in; ${result.recoveryCodesLeft} left`,
              detail: { left: result.recoveryCodesLeft },
            });
          return { id: String(user.id), email: user.email, name: user.name, sessionId };
        }
        if (result.reason === "code-required") throw new ThrottledSignIn("code-required");
        if (result.reason === "throttled") {
          await recordAudit(db, actor, {
            kind: "sign-in.throttled",
            summary: `Sign-in slowed down for ${result.retryAfterSeconds} s (too many failures ${{ account: "for this account", client: "from this address", device: "from this browser" }[result.by]})`,
          });
          throw new ThrottledSignIn(`throttled-${result.by}-${result.retryAfterSeconds}`);
        }
        if (result.reason === "busy") throw new ThrottledSignIn("busy");
        await recordAudit(db, actor, {
          kind: "sign-in.failed",
          summary:
            result.reason === "invalid-code"
              ? "Wrong or reused second-factor code"
              : "Wrong email or password",
        });
        if (result.reason === "invalid-code") throw new ThrottledSignIn("invalid-code");
        return null;
      },
    }),
  ],
  callbacks: {
    // The cookie carries the user and session ids only: the role and the session's state are read
    // from the database on every request (lib/auth/current-user.ts).
    jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = user.sessionId;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.sid === "string") session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    // Every sign-out comes here after Auth.js checked it (its CSRF token on POST /api/auth/signout,
    // which its own page sends; the console's button, lib/actions/sign-out.ts, has ended the
    // session already and finds nothing left): the server session ends and the audit log says so
    // (docs/console.md, "Sessions"). Auth.js logs an error thrown here and clears the cookie anyway.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      const userId = Number(token?.sub);
      if (!Number.isInteger(userId) || userId <= 0 || typeof token?.sid !== "string") return;
      const db = await consoleDb();
      const signedIn = await findSignedIn(db, token.sid, userId);
      if (signedIn) await signOutSession(db, signedIn, await requestActor(signedIn.user));
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
