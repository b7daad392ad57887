import "server-only";
import { ServiceCallError } from "@/lib/client/call-service";
import type { ServiceFailure } from "@/lib/model/service-failure";

export type { ServiceFailure };

export type ServiceRead<T> = { ok: true; data: T } | { ok: false; failure: ServiceFailure };

/**
 * Runs a service call for a page. A ServiceCallError becomes a failure the page renders (its
 * message carries the service's `Error` text, or what went wrong: unreachable, too slow, an
 * answer that is not the spec's or too large to read — and never the key); anything else is a
 * bug and goes on to the route's error boundary. Every kind is rendered by ServiceFailurePanel,
 * whose headings are a Record over the kinds, so a new kind does not compile until it has one.
 */
export async function readService<T>(call: () => Promise<T>): Promise<ServiceRead<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    if (!(error instanceof ServiceCallError)) throw error;
    return { ok: false, failure: { kind: error.kind, status: error.status, message: error.message } };
  }
}
