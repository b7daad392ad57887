import { describe, expect, it } from "vitest";
import { DROPPED_HEADER } from "./forwarded-headers.cjs";
import {
  hasMalformedEscape,
  hasUntrustedForwarding,
  isForeignOriginPost,
  refusalResponse,
} from "./request-refusals";

describe("requests refused before routing", () => {
  it.each([
    ["/players/%zz", true],
    ["/items/%E0%A4%A", true],
    ["/awards/%C0%80", true],
    ["/%", true],
    ["/players/player%201001", false],
    ["/players/%E3%81%95%E3%81%8F%E3%82%89", false],
    ["/catalogue/products", false],
  ])("%s has a malformed escape: %s", (path, malformed) => {
    expect(hasMalformedEscape(path)).toBe(malformed);
  });

  const post = (headers: Record<string, string>, socketProtocol = "http:") =>
    isForeignOriginPost("POST", new Headers(headers), socketProtocol);

  it("lets through a POST from the console's own origin, and one without Origin, as Next.js does", () => {
    expect(post({ host: "127.0.0.1:3200", origin: "http://127.0.0.1:3200" })).toBe(false);
    expect(
      post({
        host: "10.0.0.5:3000",
        "x-forwarded-host": "console.studio.example",
        "x-forwarded-proto": "https",
        origin: "https://console.studio.example",
      }),
    ).toBe(false);
    expect(
      post({ host: "console.studio.example:443", origin: "https://console.studio.example" }, "https:"),
    ).toBe(false);
    expect(post({ host: "127.0.0.1:3200" })).toBe(false);
    expect(
      isForeignOriginPost("GET", new Headers({ host: "a", origin: "https://evil.example" }), "http:"),
    ).toBe(false);
  });

  it.each([
    [{ host: "127.0.0.1:3200", origin: "https://evil.example" }],
    [{ host: "127.0.0.1:3200", origin: "http://127.0.0.1:3201" }],
    [{ host: "127.0.0.1:3200", origin: "null" }],
    [{ host: "127.0.0.1:3200", origin: "not a url" }],
    [{ host: "10.0.0.5:3000", "x-forwarded-host": "console.studio.example", origin: "http://10.0.0.5:3000" }],
    // The same host over another scheme or port is another origin.
    [{ host: "127.0.0.1:3200", origin: "https://127.0.0.1:3200" }],
    [
      {
        host: "console.studio.example",
        "x-forwarded-proto": "http",
        origin: "https://console.studio.example",
      },
    ],
    [{ host: "127.0.0.1:3200", origin: "http://127.0.0.1" }],
    [{ host: "a b", origin: "http://a b" }],
  ])("refuses a POST from another origin: %o", (headers) => {
    expect(post(headers)).toBe(true);
  });

  it("refuses a POST whose forwarded host or scheme came from an address that is not a trusted proxy", () => {
    expect(hasUntrustedForwarding("POST", new Headers({ [DROPPED_HEADER]: "1" }))).toBe(true);
    expect(hasUntrustedForwarding("GET", new Headers({ [DROPPED_HEADER]: "1" }))).toBe(false);
    expect(
      hasUntrustedForwarding("POST", new Headers({ "x-forwarded-host": "console.studio.example" })),
    ).toBe(false);
  });

  it("answers with a page of its own: the status, a heading, no script", async () => {
    const response = refusalResponse(400, "Bad address", "An <b> in the text is shown as text.");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await response.text();
    expect(body).toContain('<h1 style="font-size: 1.5rem">Bad address</h1>');
    expect(body).toContain("An &lt;b&gt; in the text");
    expect(body).not.toContain("<script");
  });
});
