import { expect } from "vitest";
import { ServiceCallError } from "@/lib/client/call-service";
import type { AddressPolicy } from "@/lib/client/guarded-fetch";

/**
 * The address policy a test's connection carries: the tests' services listen on loopback ports,
 * which the console refuses unless allowed (docs/console.md, "Addresses the console calls"), as
 * the demo allows its own. Every port of 127.0.0.1 and localhost; 127.0.0.2 stays refused.
 */
export const LOOPBACK_SERVICES: AddressPolicy = { allowedHosts: new Set(["127.0.0.1", "localhost"]) };

/** The ServiceCallError a call failed with; the test fails when it did not, or when the message holds `key`. */
export async function serviceCallFailure(promise: Promise<unknown>, key: string): Promise<ServiceCallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceCallError);
  expect((error as Error).message).not.toContain(key);
  return error as ServiceCallError;
}
