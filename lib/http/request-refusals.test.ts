import { describe, expect, it } from "vitest";
import { hasMalformedEscape, isForeignOriginPost, refusalResponse } from "./request-refusals";

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

  const post = (headers: Record<string, string>) => isForeignOriginPost("POST", new Headers(headers));

  it("lets through a POST from the console's own origin, and one without Origin, as Next.js does", () => {
    expect(post({ host: "127.0.0.1:3200", origin: "http://127.0.0.1:3200" })).toBe(false);
    expect(
      post({
        host: "10.0.0.5:3000",
        "x-forwarded-host": "console.studio.example",
        origin: "https://console.studio.example",
      }),
    ).toBe(false);
    expect(post({ host: "127.0.0.1:3200" })).toBe(false);
    expect(isForeignOriginPost("GET", new Headers({ host: "a", origin: "https://evil.example" }))).toBe(
      false,
    );
  });

  it.each([
    [{ host: "127.0.0.1:3200", origin: "https://evil.example" }],
    [{ host: "127.0.0.1:3200", origin: "http://127.0.0.1:3201" }],
    [{ host: "127.0.0.1:3200", origin: "null" }],
    [{ host: "127.0.0.1:3200", origin: "not a url" }],
    [{ host: "10.0.0.5:3000", "x-forwarded-host": "console.studio.example", origin: "http://10.0.0.5:3000" }],
  ])("refuses a POST from another origin: %o", (headers) => {
    expect(post(headers)).toBe(true);
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
