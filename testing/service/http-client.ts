import { request as httpRequest } from "node:http";
import { parse } from "lossless-json";

/** What a test sees of a response: status, headers and the body parsed both ways. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** JSON.parse of the body (null when it is not JSON). */
  json: any;
  /** Lossless parse: numbers keep their literal text (as LosslessNumber). */
  exact: any;
}

export async function call(
  base: string,
  path: string,
  init: { method?: string; body?: string | object; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  const text = await response.text();
  let json: unknown = null;
  let exact: unknown = null;
  try {
    json = JSON.parse(text);
    exact = parse(text);
  } catch {
    // Not JSON: the tests that care assert on `text`.
  }
  return { status: response.status, headers: response.headers, text, json, exact };
}

/** POST a raw JSON text, so amounts can be written as exact number literals. */
export function post(base: string, path: string, rawJson: string, headers?: Record<string, string>) {
  return call(base, path, { method: "POST", body: rawJson, headers });
}

/**
 * GET with the path sent byte for byte: `fetch` applies WHATWG URL rules, which drop `.` and
 * `..` segments (even percent-encoded ones) before the request leaves the client.
 */
export function rawGet(base: string, path: string): Promise<{ status: number; json: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${path}`, method: "GET" },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}
