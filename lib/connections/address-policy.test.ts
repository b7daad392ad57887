import { describe, expect, it } from "vitest";
import { parseConsoleEnv } from "@/lib/env";
import { consoleAddressPolicy } from "./address-policy";

describe("the console's address policy", () => {
  it("allows CONSOLE_ALLOWED_SERVICE_HOSTS and the environment connection's host and port", () => {
    const policy = consoleAddressPolicy(
      parseConsoleEnv({
        CONSOLE_ALLOWED_SERVICE_HOSTS: "Service.Internal, 10.0.0.9:8443",
        COMMERCE_BASE_URL: "http://10.0.0.5/api/public",
      }),
    );
    expect([...policy.allowedHosts].sort()).toEqual(["10.0.0.5:80", "10.0.0.9:8443", "service.internal"]);
    expect([...consoleAddressPolicy(parseConsoleEnv({})).allowedHosts]).toEqual([]);
  });

  it("is one object per environment, so that its connections are kept alive between calls", () => {
    const env = parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: "svc" });
    expect(consoleAddressPolicy(env)).toBe(consoleAddressPolicy(env));
  });
});
