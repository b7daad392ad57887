import { describe, expect, it } from "vitest";
import { connectionLimits, defaultMaxConnections, loadServiceEnv, requestLogSettings } from "./env";

const env = (values: Record<string, string>) => loadServiceEnv(values as NodeJS.ProcessEnv);

describe("service environment: timeouts and the connection cap (docs/service.md, Limits)", () => {
  it("has defaults for every limit", () => {
    expect(connectionLimits(env({}))).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 300_000,
      maxConnections: defaultMaxConnections(),
    });
  });

  it("keeps the default connection cap below the open-files limit", () => {
    expect(defaultMaxConnections(1_048_576)).toBe(10_000);
    expect(defaultMaxConnections(1024)).toBe(768);
    expect(defaultMaxConnections(100)).toBe(64);
  });

  it("reads each limit from its variable", () => {
    const limits = connectionLimits(
      env({
        SERVICE_HEADERS_TIMEOUT_MS: "2000",
        SERVICE_REQUEST_TIMEOUT_MS: "4000",
        SERVICE_KEEP_ALIVE_TIMEOUT_MS: "61000",
        SERVICE_CONNECTION_TIMEOUT_MS: "0",
        SERVICE_MAX_CONNECTIONS: "500",
      }),
    );
    expect(limits).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 4000,
      keepAliveTimeoutMs: 61_000,
      connectionTimeoutMs: 0,
      maxConnections: 500,
    });
  });

  it.each([
    [{ SERVICE_HEADERS_TIMEOUT_MS: "ten" }, "SERVICE_HEADERS_TIMEOUT_MS must be a number of milliseconds"],
    [{ SERVICE_REQUEST_TIMEOUT_MS: "0" }, "SERVICE_REQUEST_TIMEOUT_MS must be at least 1"],
    [
      { SERVICE_KEEP_ALIVE_TIMEOUT_MS: "1.5" },
      "SERVICE_KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds",
    ],
    [{ SERVICE_CONNECTION_TIMEOUT_MS: "-1" }, "SERVICE_CONNECTION_TIMEOUT_MS must be 0 (off) or more"],
    [
      { SERVICE_CONNECTION_TIMEOUT_MS: "7200000" },
      "SERVICE_CONNECTION_TIMEOUT_MS must be at most 3600000 (one hour)",
    ],
    [{ SERVICE_MAX_CONNECTIONS: "0" }, "SERVICE_MAX_CONNECTIONS must be at least 1"],
    [
      { SERVICE_HEADERS_TIMEOUT_MS: "5000", SERVICE_REQUEST_TIMEOUT_MS: "4000" },
      "SERVICE_HEADERS_TIMEOUT_MS must not be more than SERVICE_REQUEST_TIMEOUT_MS",
    ],
  ])("refuses %o naming the variable and the rule", (values, message) => {
    expect(() => env(values)).toThrow(message);
  });
});

describe("service environment: the request log (docs/service.md, Request log)", () => {
  it("is on by default, kept 7 days and 2,000,000 rows, written every 250 ms", () => {
    expect(requestLogSettings(env({}))).toEqual({
      enabled: true,
      keptDays: 7,
      maxRows: 2_000_000,
      flushMs: 250,
    });
  });

  it("reads each setting from its variable, and turns off", () => {
    expect(
      requestLogSettings(
        env({
          SERVICE_REQUEST_LOG: "off",
          SERVICE_REQUEST_LOG_DAYS: "30",
          SERVICE_REQUEST_LOG_MAX_ROWS: "5000",
          SERVICE_REQUEST_LOG_FLUSH_MS: "1000",
        }),
      ),
    ).toEqual({ enabled: false, keptDays: 30, maxRows: 5000, flushMs: 1000 });
    expect(requestLogSettings(env({ SERVICE_REQUEST_LOG: "on" })).enabled).toBe(true);
  });

  it.each([
    [{ SERVICE_REQUEST_LOG: "false" }, "SERVICE_REQUEST_LOG must be on or off"],
    [{ SERVICE_REQUEST_LOG_DAYS: "0" }, "SERVICE_REQUEST_LOG_DAYS must be at least 1"],
    [{ SERVICE_REQUEST_LOG_DAYS: "1.5" }, "SERVICE_REQUEST_LOG_DAYS must be a whole number of days"],
    [{ SERVICE_REQUEST_LOG_DAYS: "a week" }, "SERVICE_REQUEST_LOG_DAYS must be a number of days"],
    [{ SERVICE_REQUEST_LOG_DAYS: "4000" }, "SERVICE_REQUEST_LOG_DAYS must be at most 3650 (ten years)"],
    [{ SERVICE_REQUEST_LOG_MAX_ROWS: "999" }, "SERVICE_REQUEST_LOG_MAX_ROWS must be at least 1000"],
    [{ SERVICE_REQUEST_LOG_MAX_ROWS: "1e6x" }, "SERVICE_REQUEST_LOG_MAX_ROWS must be a number of rows"],
    [{ SERVICE_REQUEST_LOG_FLUSH_MS: "5" }, "SERVICE_REQUEST_LOG_FLUSH_MS must be at least 10"],
    [
      { SERVICE_REQUEST_LOG_FLUSH_MS: "120000" },
      "SERVICE_REQUEST_LOG_FLUSH_MS must be at most 60000 (one minute)",
    ],
  ])("refuses %o naming the variable and the rule", (values, message) => {
    expect(() => env(values)).toThrow(message);
  });
});
