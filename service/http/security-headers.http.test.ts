import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import { KEY, PROJECT } from "@/testing/service/fixtures";
import { call } from "@/testing/service/http-client";

/** docs/service.md, "Security headers": on every answer, whatever its status or route. */
const service = serveFixtures({ per: "file" });

const HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

describe("security headers", () => {
  it("every answer carries them; only a GET's 200 or 304 may be revalidated by its client, none kept by a shared cache", async () => {
    const products = await call(service.base, `/Products/${KEY}/${PROJECT}`);
    const cases: [string, Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      ["GET Products", Promise.resolve(products), 200, "private, no-cache"],
      [
        "GET Products, unchanged",
        call(service.base, `/Products/${KEY}/${PROJECT}`, {
          headers: { "if-none-match": products.headers.get("etag") ?? "" },
        }),
        304,
        "private, no-cache",
      ],
      [
        "GET customer Tokens",
        call(service.base, `/Tokens/${KEY}/${PROJECT}/player-1`),
        200,
        "private, no-cache",
      ],
      ["a wrong key", call(service.base, `/Products/wrong-key/${PROJECT}`), 401, "no-store"],
      ["an unknown route", call(service.base, "/Nope"), 404, "no-store"],
      [
        "a wrong method",
        call(service.base, `/Products/${KEY}/${PROJECT}`, { method: "DELETE" }),
        405,
        "no-store",
      ],
      [
        "a bad award",
        call(service.base, "/AwardTokens", { body: { ApiKey: KEY, ProjectGuid: PROJECT } }),
        400,
        "no-store",
      ],
    ];
    for (const [what, answer, status, cache] of cases) {
      const response = await answer;
      expect(response.status, what).toBe(status);
      for (const [name, value] of Object.entries(HEADERS))
        expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
      expect(response.headers.get("cache-control"), what).toBe(cache);
    }
    const health = await call(service.base, "/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
