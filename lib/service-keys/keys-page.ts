import "server-only";
import { ServiceCallError } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { listKeys } from "@/lib/client/keys";
import type { ExtensionRead } from "./extension-read";
import { readExtension } from "./extension-refusal";
import { type KeysPageData, keyRowsInOrder } from "./key-view";
import type { KeyProject } from "./service-keys";

/**
 * What the Keys page shows: the project's keys as of `now`, and its tokens for new keys' caps.
 * Reads only. The tokens are a convenience: when they cannot be read the list still shows, and
 * the form says why it offers no caps.
 */
export async function readKeysPage(
  project: Pick<KeyProject, "ref" | "connection">,
  now: Date,
): Promise<ExtensionRead<KeysPageData>> {
  const tokens = listProjectTokens(project.connection).then(
    (answer) => ({ tokens: answer.Data.Tokens, problem: null }),
    (error: unknown) => {
      if (error instanceof ServiceCallError) return { tokens: [], problem: error.message };
      throw error;
    },
  );
  return readExtension(async () => {
    const [keys, catalogue] = await Promise.all([listKeys(project.connection), tokens]);
    return {
      // Keys that still work first, then the newest first (the service lists them oldest first).
      keys: keyRowsInOrder(keys.Data.Keys, now),
      tokens: catalogue.tokens.map((token) => ({ guid: token.Guid, symbol: token.Symbol, name: token.Name })),
      keyFromEnvironment: project.ref === "env",
      tokensProblem: catalogue.problem,
    };
  });
}
