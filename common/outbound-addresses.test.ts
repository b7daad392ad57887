import { describe, expect, it } from "vitest";
import { ConsoleEnvError, parseConsoleEnv } from "@/lib/env";
import { allowedHostEntry, isAllowedHost, refusedRange } from "./outbound-addresses";

describe("addresses the console does not call", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["10.20.30.40", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["::ffff:192.168.0.1", "a private address"],
    ["169.254.169.254", "a link-local address (where cloud metadata services answer)"],
    ["::ffff:169.254.169.254", "a link-local address (where cloud metadata services answer)"],
    ["fe80::1%eth0", "a link-local address (where cloud metadata services answer)"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["100.100.100.200", "a shared (carrier-grade NAT) address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["192.0.0.192", "a reserved address"],
    // NAT64 of a private IPv4 address.
    ["64:ff9b::a00:1", "a private address"],
  ])("%s is %s", (address, what) => {
    expect(refusedRange(address)).toBe(what);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("%s is public", (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});

describe("CONSOLE_ALLOWED_SERVICE_HOSTS", () => {
  it("keeps each host as a URL spells it, with its port when one is given", () => {
    expect(
      parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: " LocalHost:3001,127.0.0.1, [::1]:80 ,svc" })
        .CONSOLE_ALLOWED_SERVICE_HOSTS,
    ).toEqual(["localhost:3001", "127.0.0.1", "[::1]:80", "svc"]);
    expect(allowedHostEntry("[0:0:0:0:0:0:0:1]:3001")).toBe("[::1]:3001");
    expect(parseConsoleEnv({}).CONSOLE_ALLOWED_SERVICE_HOSTS).toBeUndefined();
  });

  it.each([
    ["http://127.0.0.1:3001", 'entry 1 ("http://127.0.0.1:3001") must be a host or host:port'],
    ["127.0.0.1:3001/api/public", 'entry 1 ("127.0.0.1:3001/api/public") must be a host or host:port'],
    ["localhost:99999", 'entry 1 ("localhost:99999") must be a host or host:port'],
    ["localhost:0", 'entry 1 ("localhost:0") must be a host or host:port'],
    ["user@host", 'entry 1 ("user@host") must be a host or host:port'],
    ["::1", 'entry 1 ("::1") must be a host or host:port'],
    ["a b", 'entry 1 ("a b") must be a host or host:port'],
    ["127.0.0.1:3001,,localhost:3001", "entry 2 is empty (hosts are separated by single commas)"],
    ["ok:1,bad/", 'entry 2 ("bad/") must be a host or host:port'],
  ])("refuses %j, naming the variable and the rule", (value, rule) => {
    const parse = () => parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: value });
    expect(parse).toThrow(ConsoleEnvError);
    expect(parse).toThrow(`Invalid console environment: CONSOLE_ALLOWED_SERVICE_HOSTS ${rule}`);
  });

  it("allows a URL whose host it names, on any port, or on the port given (80 and 443 when unsaid)", () => {
    const allowed = new Set(["svc.internal", "127.0.0.1:80", "[::1]:443"]);
    expect(isAllowedHost(new URL("http://SVC.internal:8080/api"), allowed)).toBe(true);
    expect(isAllowedHost(new URL("http://127.0.0.1/api"), allowed)).toBe(true);
    expect(isAllowedHost(new URL("http://127.0.0.1:81/api"), allowed)).toBe(false);
    expect(isAllowedHost(new URL("https://[::1]/api"), allowed)).toBe(true);
    expect(isAllowedHost(new URL("http://[::1]/api"), allowed)).toBe(false);
    expect(isAllowedHost(new URL("http://other.internal/api"), allowed)).toBe(false);
  });
});
