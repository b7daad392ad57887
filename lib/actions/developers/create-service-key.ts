"use server";
import "server-only";
import { CreateKeyInput } from "@/lib/service-keys/key-input";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { createServiceKey } from "@/lib/service-keys/service-keys";
import { defineAction } from "../define-action";

/**
 * Developers → Keys: a new API key at the chosen project's service (owners, step-up, audited as
 * `key.created`). Its secret is in this answer only: the console keeps it nowhere.
 */
export const createServiceKeyAction = defineAction(
  "keys:manage",
  CreateKeyInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await createServiceKey(context, project, input);
  },
  { stepUp: true },
);
