"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { changeSettings, SettingsChange, SettingsError } from "@/lib/settings/console-settings";
import { ActionError, defineAction } from "./define-action";

/** Settings → Security: owners change the console's policies (step-up, audited with old and new values). */
export const changeSettingsAction = defineAction(
  "settings:manage",
  SettingsChange,
  async (change, _user, { actor }) => {
    try {
      return await changeSettings(await consoleDb(), change, actor);
    } catch (error) {
      if (error instanceof SettingsError) throw new ActionError(error.message);
      throw error;
    }
  },
  { stepUp: true },
);
