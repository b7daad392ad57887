"use server";
import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { changeSettings, SettingsChange } from "@/lib/settings/console-settings";
import { defineAction } from "../define-action";

/** Settings → Security: owners change the console's policies (step-up, audited with old and new values). */
export const changeSettingsAction = defineAction(
  "settings:manage",
  SettingsChange,
  async (change, _user, { actor }) => {
    return await changeSettings(await consoleDb(), change, actor);
  },
  { stepUp: true },
);
