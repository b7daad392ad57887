/** Every way a call to the project's service can fail (lib/client's ServiceCallError carries one). */
export type ServiceCallErrorKind =
  | "unreachable"
  | "timeout"
  | "refused"
  | "invalid-response"
  | "too-large"
  /** The answer arrived whole; the console itself could not read it in time (lib/client/call-service.ts). */
  | "busy";

/**
 * What a page shows instead of data when the service failed: which way, and what it said. Plain
 * data for the browser's failure panel (components/ui/service-failure.tsx); "no-project" when
 * the person has no project to ask.
 */
export interface ServiceFailure {
  kind: ServiceCallErrorKind | "no-project";
  status: number | null;
  message: string;
}
