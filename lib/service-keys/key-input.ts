import { z } from "zod";
import { DEFAULT_GRACE_SECONDS, expiryOfDay, GRACE_CHOICES, keyFormProblems } from "./key-rules";

/**
 * The Create key form's input as the server action reads it: the same rules as the browser's form
 * (key-rules.ts), each problem under its field's name (`caps[0].daily`). Whether a cap's token is
 * one of the project's is the service's to say (it knows the catalogue of the moment).
 */
export const CreateKeyInput = z
  .object({
    name: z.string({ error: "must be text" }),
    scopes: z.array(z.string({ error: "must be text" }), { error: "must be a list of scopes" }),
    expiresOn: z.string({ error: "must be text" }).default(""),
    caps: z
      .array(
        z.object({ token: z.string({ error: "must be text" }), daily: z.string({ error: "must be text" }) }),
        {
          error: "must be a list of caps",
        },
      )
      .default([]),
  })
  .check((ctx) => {
    for (const problem of keyFormProblems(ctx.value, new Date()))
      ctx.issues.push({
        code: "custom",
        path: pathOf(problem.field),
        message: problem.message,
        input: ctx.value,
      });
  })
  .transform((form) => {
    const expiry = expiryOfDay(form.expiresOn, new Date());
    return {
      name: form.name.trim(),
      scopes: [...new Set(form.scopes)],
      expiresAt: expiry.ok ? expiry.expiresAt : "",
      caps: form.caps.map((cap) => ({ tokenGuid: cap.token.trim(), daily: cap.daily.trim() })),
    };
  });
export type CreateKeyInput = z.input<typeof CreateKeyInput>;

/** `caps[0].daily` back into the path zod reports (so fieldErrors name it the same way). */
function pathOf(field: string): (string | number)[] {
  return field
    .split(/[.[\]]+/)
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const keyId = z
  .number({ error: "must be a key's Id" })
  .int({ error: "must be a key's Id" })
  .min(1, { error: "must be a key's Id" })
  .max(2_147_483_647, { error: "must be a key's Id" });

const GRACE_SECONDS: readonly number[] = GRACE_CHOICES.map((choice) => choice.seconds);

export const RollKeyInput = z.object({
  keyId,
  graceSeconds: z
    .number({ error: "must be a number of seconds" })
    .refine((seconds) => GRACE_SECONDS.includes(seconds), {
      error: `must be one of ${GRACE_CHOICES.map((choice) => choice.label).join(", ")}`,
    })
    .default(DEFAULT_GRACE_SECONDS),
});
export type RollKeyInput = z.input<typeof RollKeyInput>;

export const RevokeKeyInput = z.object({ keyId });
export type RevokeKeyInput = z.input<typeof RevokeKeyInput>;
