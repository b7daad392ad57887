/**
 * The RequestID rule of the award and funding forms (docs/console.md, "The form and the
 * RequestID rule"). A RequestID belongs to one award. It is bound to the award the person
 * reviews; reviewing the same award again after a failure keeps it (the retry is paid at most
 * once), reviewing an edited award makes a new one (it is another award), and a success makes a
 * new one for the next award. The shown ID changes only at those moments, never on a keystroke.
 */
export interface RequestIdState {
  id: string;
  /** The award (in a canonical text form) this ID was reviewed for, or null before any review. */
  boundTo: string | null;
}

export function freshRequestId(newId: () => string): RequestIdState {
  return { id: newId(), boundTo: null };
}

/** At review: the same ID for the award it was bound to (or a first review), a new one for an edited award. */
export function reviewRequestId(state: RequestIdState, award: string, newId: () => string): RequestIdState {
  if (state.boundTo === null || state.boundTo === award) return { id: state.id, boundTo: award };
  return { id: newId(), boundTo: award };
}

/** After the service answered: a failure keeps the ID (a retry), a success frees the form for a new award. */
export function settleRequestId(
  state: RequestIdState,
  outcome: "succeeded" | "failed",
  newId: () => string,
): RequestIdState {
  return outcome === "failed" ? state : freshRequestId(newId);
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
