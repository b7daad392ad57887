"use server";
import "server-only";
import { RollKeyInput } from "@/lib/service-keys/key-input";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { rollServiceKey } from "@/lib/service-keys/service-keys";
import { defineAction } from "../define-action";

/**
 * Developers → Keys: roll a key with a grace period (owners, step-up, audited as `key.rolled`).
 * This console's own key moves into its connection at once and is never answered; another key's
 * new secret is answered once.
 */
export const rollServiceKeyAction = defineAction(
  "keys:manage",
  RollKeyInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await rollServiceKey(context, project, input);
  },
  { stepUp: true },
);
