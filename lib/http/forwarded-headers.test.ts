import { describe, expect, it } from "vitest";
import { parseConsoleEnv } from "@/lib/env";
import { DROPPED_HEADER, normalizeForwarded, parseTrustedProxies } from "./forwarded-headers.cjs";

type Headers = Record<string, string | string[] | undefined>;
const normalized = (headers: Headers, peer: string, trusted = "") => {
  const copy = { ...headers };
  normalizeForwarded(copy, peer, parseTrustedProxies(trusted));
  return copy;
};

describe("forwarded headers, believed only from TRUSTED_PROXIES", () => {
  it("drops a client's own X-Forwarded-* when no proxy is trusted: the socket is the client", () => {
    const sent = {
      host: "127.0.0.1:3200",
      "x-forwarded-for": "203.0.113.77",
      "x-forwarded-host": "evil.example, 127.0.0.1:4200",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
      forwarded: "for=203.0.113.77",
    };
    expect(normalized(sent, "::ffff:127.0.0.1")).toEqual({
      host: "127.0.0.1:3200",
      "x-forwarded-for": "127.0.0.1",
      [DROPPED_HEADER]: "1",
    });
    // Only a made-up address: nothing to refuse, the client is still the socket.
    expect(normalized({ "x-forwarded-for": "198.51.100.1" }, "192.0.2.5")).toEqual({
      "x-forwarded-for": "192.0.2.5",
    });
    // A client cannot send the marker itself.
    expect(normalized({ [DROPPED_HEADER]: "0" }, "192.0.2.5")).toEqual({ "x-forwarded-for": "192.0.2.5" });
  });

  it("drops them from an address that is not a trusted proxy", () => {
    expect(normalized({ "x-forwarded-for": "198.51.100.1" }, "192.0.2.5", "10.0.0.0/8")).toEqual({
      "x-forwarded-for": "192.0.2.5",
    });
  });

  it("believes a trusted proxy: the client is the first untrusted hop from the right; host and scheme its last entry", () => {
    expect(
      normalized(
        {
          "x-forwarded-for": "made.up, 198.51.100.9, 10.0.0.3",
          "x-forwarded-host": "evil.example, console.studio.example",
          "x-forwarded-proto": "http, https",
        },
        "10.0.0.2",
        "10.0.0.0/8, ::1",
      ),
    ).toEqual({
      "x-forwarded-for": "198.51.100.9",
      "x-forwarded-host": "console.studio.example",
      "x-forwarded-proto": "https",
    });
    // A proxy that sent no X-Forwarded-For is itself the client; nonsense is dropped.
    expect(normalized({ "x-forwarded-host": "a b", "x-forwarded-proto": "gopher" }, "::1", "::1")).toEqual({
      "x-forwarded-for": "::1",
    });
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or CIDR block, naming it", () => {
    expect(parseTrustedProxies(undefined).count).toBe(0);
    expect(parseTrustedProxies("").count).toBe(0);
    expect(parseTrustedProxies("10.0.0.0/8,192.0.2.1, 2001:db8::/32").count).toBe(3);
    expect(() => parseTrustedProxies("10.0.0.0/8,,")).toThrow(/entry 2 \(""\)/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(
      'TRUSTED_PROXIES: entry 1 ("proxy.internal") must be an IP address or a CIDR block such as 10.0.0.0/8',
    );
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/entry 1/);
  });

  it("is checked with the console's environment, naming the variable", () => {
    expect(() => parseConsoleEnv({ TRUSTED_PROXIES: "10.0.0.1, proxy.internal" })).toThrow(
      /TRUSTED_PROXIES.*entry 2 \("proxy.internal"\) must be an IP address or a CIDR block/,
    );
    expect(parseConsoleEnv({ TRUSTED_PROXIES: "10.0.0.0/8" }).TRUSTED_PROXIES).toBe("10.0.0.0/8");
  });
});
