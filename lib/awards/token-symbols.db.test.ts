import { describe, expect, it } from "vitest";
import type { ServiceConnection } from "@/lib/client/call-service";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { SYMBOLS_KEPT_MS, tokenSymbols } from "./token-symbols";

const service = serveFixtures({ per: "file" });

describe("token symbols for trail lines", () => {
  it("are kept for a minute per service and project, then asked again; a failed ask is not kept", async () => {
    const connection: ServiceConnection = {
      baseUrl: service.base,
      projectGuid: PROJECT,
      apiKey: KEY,
      addresses: LOOPBACK_SERVICES,
    };
    // A key the service refuses: any answer with symbols below came from what was kept.
    const refused = { ...connection, apiKey: "not-a-key-0123456789abcdef0123456789abcdef" };
    const start = Date.now();
    const gold = GOLD.toLowerCase();

    expect((await tokenSymbols(connection, start)).get(gold)).toBe("GOLD");
    expect((await tokenSymbols(refused, start + SYMBOLS_KEPT_MS - 1)).get(gold)).toBe("GOLD");
    // A minute on, the service is asked again: it refuses the key, so no symbols…
    expect((await tokenSymbols(refused, start + SYMBOLS_KEPT_MS + 1)).size).toBe(0);
    // …and that refusal was not kept: the next request asks again.
    expect((await tokenSymbols(connection, start + SYMBOLS_KEPT_MS + 2)).get(gold)).toBe("GOLD");
    expect(await tokenSymbols(null)).toEqual(new Map());
  });
});
