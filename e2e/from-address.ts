import { request as httpRequest } from "node:http";
import { CONSOLE_PORT } from "./servers";

/**
 * Requests to the console from a loopback address of the test's choosing (127.0.0.2 and up all
 * reach it on Linux): a stranger at an address of its own, or the trusted proxy the e2e console
 * is given (TRUSTED_PROXY_ADDRESS, playwright.config.ts). The browser itself is 127.0.0.1.
 */
export const TRUSTED_PROXY_ADDRESS = "127.0.0.2";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function requestFrom(
  localAddress: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: CONSOLE_PORT, localAddress, method, path, headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * One sign-in through Auth.js's own form endpoint, as a script would send it: what the console
 * answered — "ok", or the refusal's code (`credentials` for a wrong password, `throttled-client-5`…).
 */
export async function signInFrom(
  localAddress: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const csrf = await requestFrom(localAddress, "GET", "/api/auth/csrf", headers);
  const cookies = [csrf.headers["set-cookie"] ?? []].flat().map((cookie) => cookie.split(";")[0]);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const answer = await requestFrom(
    localAddress,
    "POST",
    "/api/auth/callback/credentials",
    { ...headers, cookie: cookies.join("; "), "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams({ email, password, csrfToken, callbackUrl: "/" }).toString(),
  );
  const location = String(answer.headers.location ?? "");
  if (answer.status !== 302)
    throw new Error(`sign-in answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  const refused = new URL(location, "http://console").searchParams;
  return refused.has("error") ? (refused.get("code") ?? refused.get("error") ?? "") : "ok";
}
