import { describe, expect, it } from "vitest";
import { EnvError } from "@/service/env";
import { consoleListen } from "./console-listen";

describe("where the demo's console listens", () => {
  it("is loopback only unless a host is configured", () => {
    expect(consoleListen({})).toEqual({ host: "127.0.0.1", port: 3000, url: "http://127.0.0.1:3000" });
    expect(consoleListen({ CONSOLE_HOST: " ", PORT: "" })).toMatchObject({ host: "127.0.0.1", port: 3000 });
  });

  it.each([
    [
      { CONSOLE_HOST: "0.0.0.0", PORT: "3200" },
      { host: "0.0.0.0", port: 3200, url: "http://localhost:3200" },
    ],
    [{ CONSOLE_HOST: "::1" }, { host: "::1", port: 3000, url: "http://[::1]:3000" }],
    [{ CONSOLE_HOST: "console.lan" }, { host: "console.lan", port: 3000, url: "http://console.lan:3000" }],
  ])("takes a configured host: %o", (env, expected) => {
    expect(consoleListen(env)).toEqual(expected);
  });

  it.each([
    [{ PORT: "http" }, /PORT must be a port number/],
    [{ PORT: "70000" }, /PORT must be a port number/],
    [{ CONSOLE_HOST: "http://0.0.0.0" }, /CONSOLE_HOST must be a host name or an IP address/],
    [{ CONSOLE_HOST: "[::1]" }, /CONSOLE_HOST must be a host name or an IP address/],
  ])("refuses %o naming the variable", (env, message) => {
    expect(() => consoleListen(env)).toThrow(EnvError);
    expect(() => consoleListen(env)).toThrow(message);
  });
});
