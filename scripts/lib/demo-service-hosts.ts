/**
 * CONSOLE_ALLOWED_SERVICE_HOSTS with the demo's own service added. The console refuses loopback
 * and private addresses unless allowed (docs/console.md, "Addresses the console calls"), and the
 * demo's service listens on one: its host and port, and localhost and 127.0.0.1 on that port
 * (an owner may type either into a connection). A port of 0 (any free one) allows the hosts on
 * every port. What was given stays first and as given, so a bad entry is still reported.
 */
export function withDemoService(given: string | undefined, host: string, port: number): string {
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const own = [bracketed, "127.0.0.1", "localhost"].map((name) => (port === 0 ? name : `${name}:${port}`));
  return [given?.trim(), ...new Set(own)].filter(Boolean).join(",");
}
