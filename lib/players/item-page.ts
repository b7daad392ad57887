import "server-only";
import { cache } from "react";
import { getItem } from "@/lib/client/holdings";
import { readProject } from "@/lib/project/read-project";

/**
 * Every item with one TokenID, read once per request: the item's layout asks first, to answer
 * HTTP 404 for a TokenID the project has none of before the page streams (docs/console.md,
 * "Sign-in, titles and missing pages"); the page shows what the same read found.
 */
export const readItemPage = cache(async (tokenId: string) =>
  readProject("players:read", (connection) => getItem(connection, tokenId)),
);

/** The service said it has no item with this TokenID (its 404 with `Items: []`). */
export function isNoItem(read: Awaited<ReturnType<typeof readItemPage>>["read"]): boolean {
  return !read.ok && read.failure.kind === "refused" && read.failure.status === 404;
}
