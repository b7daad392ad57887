import { z } from "zod";
import { envelopeShape } from "./envelope";
import { amountLiteral, dateText, decimalText, storedText, uuid, wholeNumber } from "./fields";
import { typeRule } from "./issues";
import { KEY_SCOPE_NAMES } from "./key-scopes";
import { type Strictness, strictnessTools } from "./strictness";

/**
 * Our keys extension (docs/service.md, "API keys"): a project's API keys as a resource, managed
 * with a key that has the `keys` scope. Secrets are answered once, when a key is made or rolled,
 * and never listed.
 */

const keyId = wholeNumber(1, 2_147_483_647, "a key's Id from the list");

/** A daily award cap: what the key may award of one token in any 24 hours. */
const KeyCapInput = z.object({ TokenGuid: uuid, Daily: amountLiteral });

/** At most one cap per token; a key may have none (no cap). */
const keyCaps = z
  .array(KeyCapInput, typeRule("must be an array of caps ({ TokenGuid, Daily })"))
  .max(100, { error: "must have at most 100 caps" })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((cap, index) => {
      const token = cap.TokenGuid.toLowerCase();
      if (seen.has(token))
        ctx.issues.push({
          code: "custom",
          path: [index, "TokenGuid"],
          message: "repeats the token of an earlier cap: give each token one cap",
          input: cap,
        });
      seen.add(token);
    });
  })
  .default([]);

/** `POST /Keys`: a new key; its secret is in the answer once. */
export const CreateKeyRequest = z.object({
  ApiKey: z.string(),
  ProjectGuid: uuid,
  Name: storedText("must be text")
    .trim()
    .min(1, { error: "must not be empty: say what uses the key" })
    .max(200, { error: "must be at most 200 characters" })
    .meta({ description: "Well-formed Unicode text without control characters" }),
  Scopes: z
    .array(
      z.enum(KEY_SCOPE_NAMES, { error: `must each be one of ${KEY_SCOPE_NAMES.join(", ")}` }),
      typeRule("must be an array of scopes"),
    )
    .min(1, { error: "must name at least one scope" })
    .transform((scopes) => [...new Set(scopes)])
    .meta({ description: "Only scopes the calling key has itself (403 KEY_NOT_ALLOWED otherwise)" }),
  ExpiresAt: z
    .string(typeRule("must be an ISO 8601 UTC time or empty"))
    .regex(/^(|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/, {
      error: 'must be an ISO 8601 UTC time (2027-01-31T00:00:00Z) or ""',
    })
    .default(""),
  Caps: keyCaps.meta({
    description:
      "For a key with the award scope: a cap on every token the calling key is capped on, each at most the caller's (403 KEY_NOT_ALLOWED otherwise)",
  }),
});
export type CreateKeyRequest = z.output<typeof CreateKeyRequest>;

/** `POST /Keys/Roll`: a new secret; the old one works until the grace period ends. */
export const RollKeyRequest = z.object({
  ApiKey: z.string(),
  ProjectGuid: uuid,
  KeyId: keyId,
  GraceSeconds: wholeNumber(
    0,
    30 * 24 * 3600,
    "a whole number of seconds from 0 to 2592000 (30 days)",
  ).default(24 * 3600),
});
export type RollKeyRequest = z.output<typeof RollKeyRequest>;

/** `POST /Keys/Revoke`: refused at once. */
export const RevokeKeyRequest = z.object({ ApiKey: z.string(), ProjectGuid: uuid, KeyId: keyId });
export type RevokeKeyRequest = z.output<typeof RevokeKeyRequest>;

function keySchemas<L extends Strictness>(level: L) {
  const { object, whole } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const date = level === "emit" ? dateText : z.string();
  const Key = object({
    Id: whole(),
    Name: z.string(),
    Prefix: z
      .string()
      .meta({ description: "The first characters of the key: enough to tell keys apart, never to use one" }),
    Scopes: z.array(z.string()),
    CreatedAt: date,
    ExpiresAt: date,
    RevokedAt: date.meta({ description: 'When it stopped working, or (rolled) stops; "" while live' }),
    ThisKey: z.boolean().meta({
      description: "true for the key this call was made with (so a caller can tell which one it holds)",
    }),
    LastUsedAt: date.meta({ description: 'The last call the request log recorded; "" for none' }),
    // Optional where the console reads it: a service from before it still lists its keys.
    RolledTo: (level === "emit" ? whole() : whole().optional()).meta({
      description: "The Id of the key this one was rolled to; 0 if it never was",
    }),
    Caps: z.array(
      object({
        TokenGuid: z.string(),
        TokenSymbol: z.string(),
        Daily: decimalText.meta({ description: "What the key may award of the token in any 24 hours" }),
        Used: decimalText.meta({ description: "What it awarded of the token in the last 24 hours" }),
      }),
    ),
  });
  return {
    KeysResponse: object({ ...envelope, Data: object({ Keys: z.array(Key) }) }),
    KeySecretResponse: object({
      ...envelope,
      Data: object({
        Key,
        Secret: z
          .string()
          .meta({ description: "The new key itself: shown this once, stored only as a hash" }),
        OldKeyWorksUntil: date.meta({
          description: 'Roll: when the old key stops working; "" for a new key',
        }),
      }),
    }),
    KeyResponse: object({ ...envelope, Data: object({ Key }) }),
  };
}

export const keys = { emit: keySchemas("emit"), accept: keySchemas("accept") };
export type KeyView = z.infer<typeof keys.emit.KeysResponse>["Data"]["Keys"][number];
