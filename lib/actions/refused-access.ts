import "server-only";
import type { z } from "zod";
import { recordRefusal } from "@/lib/audit/refusals";
import { requestActor } from "@/lib/audit/request-actor";
import { currentSignIn } from "@/lib/auth/current-user";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";

/**
 * What a money action was about to do, for the audit log's row when the guard refuses it
 * (docs/console.md, "Audit log"): named as the rows of what was done name it.
 */
export interface Attempt {
  attempted: string;
  project?: string;
  detail?: Record<string, unknown>;
}

export type DescribeAttempt<T> = (data: T, user: ConsoleUser) => Attempt | Promise<Attempt>;

/**
 * A money action the guard refused before it ran — the role may not, or the second factor was not
 * given again (step-up) — is one `award.refused` row (lib/audit/refusals.ts), naming what the
 * input asked for. Input that does not parse is named as such: what it asked for is unknown.
 */
export async function recordRefusedAccess<S extends z.ZodType>(
  reason: "step-up" | "role",
  message: string,
  input: S,
  raw: unknown,
  nameAttempt: DescribeAttempt<z.output<S>>,
): Promise<void> {
  try {
    const signedIn = await currentSignIn();
    if (!signedIn) return;
    const parsed = input.safeParse(raw);
    const attempt: Attempt = parsed.success
      ? await nameAttempt(parsed.data, signedIn.user)
      : { attempted: "an attempt whose input did not parse" };
    await recordRefusal(await consoleDb(), await requestActor(signedIn.user), {
      reason,
      message,
      ...attempt,
    });
  } catch (error) {
    // The person still gets the refusal; the log's failure is an operator's to see.
    console.error(`[audit] a refused ${reason} could not be recorded: ${(error as Error).message}`);
  }
}
