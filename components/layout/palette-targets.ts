import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { UUID_PATTERN } from "@/lib/contract/uuid-pattern";

export interface PaletteTarget {
  /** What the person typed, as it will be used (a Customer ID trimmed by the console's rule). */
  id: string;
  href: string;
}

/**
 * What a typed text can open besides a page: the player with that Customer ID (the console's
 * one rule, lib/contract/customer-id-rule.ts) and, when it has a RequestID's form, that award.
 * The award page itself says when no award has that RequestID.
 */
export function paletteTargets(typed: string): { player: PaletteTarget | null; award: PaletteTarget | null } {
  const customer = checkCustomerId(typed);
  const requestId = typed.trim();
  return {
    player: customer.ok ? { id: customer.id, href: `/players/${encodeURIComponent(customer.id)}` } : null,
    award: UUID_PATTERN.test(requestId) ? { id: requestId, href: `/awards/${requestId}` } : null,
  };
}

/**
 * Whether a page or project answers a typed text: every word typed appears in its label or
 * keywords (any case). Empty text matches everything.
 */
export function matchesTyped(typed: string, words: readonly string[]): boolean {
  const haystack = words.join(" ").toLowerCase();
  return typed
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}
