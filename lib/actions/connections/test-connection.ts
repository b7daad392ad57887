"use server";
import "server-only";
import { z } from "zod";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { probeService } from "@/lib/client/capabilities";
import { consoleAddressPolicy } from "@/lib/connections/address-policy";
import { ConnectionInput, serviceConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

export interface ConnectionTestResult {
  ok: boolean;
  /** What the service said, in a sentence: its `Error` text, or what answered. */
  message: string;
  extensions: boolean | null;
}

const Input = z.union([
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }) }),
  ConnectionInput.omit({ name: true }),
]);

/**
 * "Test connection": calls the service with a saved connection (by reference) or with what the
 * form holds, and reports what it said. A refusal is a result, not an action failure.
 */
export const testConnectionAction = defineAction(
  "connections:manage",
  Input,
  async (input) => {
    let connection: ServiceConnection | null;
    if ("ref" in input) {
      const env = consoleEnv();
      connection = await serviceConnection(
        await consoleDb(),
        consoleSecrets(env).encryptionKeys,
        env,
        input.ref,
      );
      if (!connection) throw new UserFacingError("That connection does not exist (any more).");
    } else {
      // What the form holds goes where the console may call, like a saved connection.
      connection = { ...input, addresses: consoleAddressPolicy() };
    }
    try {
      const probe = await probeService(connection);
      const extensions = probe.extensions
        ? "it offers our extensions (project wallet, award status)"
        : "it offers the spec only, so the wallet and award status are hidden";
      return {
        ok: true,
        message: `Connected: the project has ${probe.tokens} token${probe.tokens === 1 ? "" : "s"} with contracts; ${extensions}.`,
        extensions: probe.extensions,
      } satisfies ConnectionTestResult;
    } catch (error) {
      if (!(error instanceof ServiceCallError)) throw error;
      return { ok: false, message: error.message, extensions: null } satisfies ConnectionTestResult;
    }
  },
  { changesData: false },
);
