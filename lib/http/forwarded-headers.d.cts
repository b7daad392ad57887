import type { BlockList } from "node:net";

/** Types of forwarded-headers.cjs (plain CommonJS, so that node can preload it before Next.js). */
export interface TrustedProxies {
  list: BlockList;
  count: number;
}
export function parseTrustedProxies(text: string | undefined): TrustedProxies;
export function normalizeForwarded(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  proxies: TrustedProxies,
): void;
export const DROPPED_HEADER: string;
