"use server";
import "server-only";
import { RevokeKeyInput } from "@/lib/service-keys/key-input";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { revokeServiceKey } from "@/lib/service-keys/service-keys";
import { defineAction } from "../define-action";

/**
 * Developers → Keys: revoke a key at once (owners, step-up, audited as `key.revoked`). This
 * console's own key is refused: roll it instead.
 */
export const revokeServiceKeyAction = defineAction(
  "keys:manage",
  RevokeKeyInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await revokeServiceKey(context, project, input);
  },
  { stepUp: true },
);
