/**
 * The award form's RequestID rule (DESIGN §7): an unchanged award retried after a failure keeps
 * its RequestID, so the service pays it at most once; any edit makes a new one (it is a new
 * award), and so does a success (the next award is another one).
 */
export type RequestIdEvent = "edited" | "succeeded" | "failed";

export function nextRequestId(current: string, event: RequestIdEvent, newId: () => string): string {
  return event === "failed" ? current : newId();
}

/** A random UUID (v4), also where crypto.randomUUID is missing (a page served over plain http on a LAN address). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
