import { describe, expect, it } from "vitest";
import { parseConsoleEnv } from "@/lib/env";
import { withDemoService } from "./demo-service-hosts";

describe("the demo allows its own service", () => {
  it.each([
    [undefined, "127.0.0.1", 3001, "127.0.0.1:3001,localhost:3001"],
    ["", "127.0.0.1", 3001, "127.0.0.1:3001,localhost:3001"],
    ["127.0.0.1:3202", "127.0.0.1", 3201, "127.0.0.1:3202,127.0.0.1:3201,localhost:3201"],
    [undefined, "::1", 3001, "[::1]:3001,127.0.0.1:3001,localhost:3001"],
    [undefined, "0.0.0.0", 0, "0.0.0.0,127.0.0.1,localhost"],
  ])("given %j, service on %s port %d: %s", (given, host, port, expected) => {
    const hosts = withDemoService(given, host, port);
    expect(hosts).toBe(expected);
    expect(
      parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: hosts }).CONSOLE_ALLOWED_SERVICE_HOSTS,
    ).toBeDefined();
  });

  it("keeps a bad entry of the operator's, so the console still names it", () => {
    expect(() =>
      parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: withDemoService("http://svc", "127.0.0.1", 3001) }),
    ).toThrow('CONSOLE_ALLOWED_SERVICE_HOSTS entry 1 ("http://svc") must be a host or host:port');
  });
});
