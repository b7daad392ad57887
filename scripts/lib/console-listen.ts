import { EnvError } from "@/service/env";

export interface ConsoleListen {
  host: string;
  port: number;
  /** Where a person on this machine opens it. */
  url: string;
}

/**
 * Where the demo's console listens: PORT (3000) on CONSOLE_HOST, which is 127.0.0.1 unless set,
 * so a demo with its known passwords and API key is not reachable from the network by default
 * (`0.0.0.0` or `::` opens it to every interface; README, "Configuration"). The service has its
 * own SERVICE_HOST with the same default.
 */
export function consoleListen(env: Record<string, string | undefined>): ConsoleListen {
  const host = env.CONSOLE_HOST?.trim() || "127.0.0.1";
  if (/\s|\/|^\[|\]$/.test(host))
    throw new EnvError(
      "Invalid environment: CONSOLE_HOST must be a host name or an IP address, such as 0.0.0.0.",
    );
  const rawPort = env.PORT?.trim();
  const port = rawPort ? Number(rawPort) : 3000;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new EnvError("Invalid environment: PORT must be a port number.");
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return { host, port, url: `http://${shown}:${port}` };
}
