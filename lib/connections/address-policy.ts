import "server-only";
import { hostEntryOf } from "@/common/outbound-addresses";
import type { AddressPolicy } from "@/lib/client/guarded-fetch";
import { type ConsoleEnv, consoleEnv } from "@/lib/env";

let memo: { env: ConsoleEnv; policy: AddressPolicy } | undefined;

/**
 * Where the console may call a service besides public addresses (docs/console.md, "Addresses the
 * console calls"): the hosts of CONSOLE_ALLOWED_SERVICE_HOSTS, and the environment connection's
 * host and port — an operator set COMMERCE_BASE_URL, no owner can change it, and the console is
 * meant to call it. One object per environment, so that its connections are kept alive between
 * calls (lib/client/guarded-fetch.ts keeps its pools per policy).
 */
export function consoleAddressPolicy(env: ConsoleEnv = consoleEnv()): AddressPolicy {
  if (memo?.env !== env) {
    const allowedHosts = new Set(env.CONSOLE_ALLOWED_SERVICE_HOSTS ?? []);
    if (env.COMMERCE_BASE_URL) allowedHosts.add(hostEntryOf(new URL(env.COMMERCE_BASE_URL)));
    memo = { env, policy: { allowedHosts } };
  }
  return memo.policy;
}
