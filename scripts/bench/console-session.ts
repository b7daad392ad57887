/**
 * Signing in to a running console over plain HTTP, through Auth.js's own credentials flow (its
 * CSRF token, then POST /api/auth/callback/credentials), as the sign-in form does: the answer is
 * the Cookie header of a real session, to send with every request of a benchmark.
 */

/** name=value of each Set-Cookie of an answer (attributes dropped). */
function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0] as string);
}

export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  if (!csrf.ok) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error("GET /api/auth/csrf answered no csrfToken");
  const answer = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiePairs(csrf).join("; "),
    },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${origin}/` }),
  });
  const session = cookiePairs(answer).filter((pair) => /session-token/.test(pair.split("=")[0] ?? ""));
  const location = answer.headers.get("location") ?? "";
  if (session.length === 0 || /[?&]error=/.test(location))
    throw new Error(`signing in as ${email} failed (${answer.status}${location ? `, to ${location}` : ""})`);
  return session.join("; ");
}
