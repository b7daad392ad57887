import { expect, vi } from "vitest";
import { ServiceCallError } from "@/lib/client/call-service";
import type { AddressPolicy } from "@/lib/client/guarded-fetch";
import { TEST_LIMITS } from "./test-limits";

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

/**
 * Until the returned function is called, every time limit set with `AbortSignal.timeout` (the
 * console's 10 seconds per service call, lib/client/call-service.ts) is the test's own limit
 * instead (or `limitMs`): `beforeEach(() => stretchCallTimeLimit())` (vitest calls what a hook returns after the test),
 * or `onTestFinished(stretchCallTimeLimit())` inside one test. For a test of a limit on bytes (a
 * cap on an answer's size, an answer read whole): on a busy machine the 10 seconds could run out
 * before the bytes arrived, and the call would end as a "timeout" that says nothing about the cap
 * under test. The time limit has tests of its own, which do not stretch it.
 */
export function stretchCallTimeLimit(limitMs: number = TEST_LIMITS.testMs): () => void {
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  const spy = vi
    .spyOn(AbortSignal, "timeout")
    .mockImplementation((ms: number) => timeout(Math.max(ms, limitMs)));
  return () => spy.mockRestore();
}
