import { z } from "zod";
import { MAX_REASON_LENGTH, MAX_TOKEN_LINES } from "./award-limits";
import { envelopeShape } from "./envelope";
import { amountLiteral, customerId, dateText, decimalText, storedText, uuid, wallet } from "./fields";
import { typeRule } from "./issues";
import { type Strictness, strictnessTools } from "./strictness";

export { MAX_TOKEN_LINES };
/**
 * What `AwardTokens` answers: paid, waiting for funds, or taken out of the queue by a reversal
 * before it paid (a repeat of a cancelled award answers Cancelled).
 */
export const AWARD_STATUSES = ["Completed", "Queued", "Cancelled"] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];
/** What `GET /Awards` answers besides: a completed award some or all of which was reversed. */
export const AWARD_STATES = [...AWARD_STATUSES, "PartlyReversed", "Reversed"] as const;
export type AwardState = (typeof AWARD_STATES)[number];
/** What `ReverseAward` answers: the award's state once the reversal is done. */
export const REVERSAL_OUTCOMES = ["Cancelled", "PartlyReversed", "Reversed"] as const;
export type ReversalOutcome = (typeof REVERSAL_OUTCOMES)[number];

const tokenLine = z.object({ Guid: uuid, ContractGuid: uuid, Amount: amountLiteral });

const tokenLines = z
  .array(tokenLine, typeRule("must be an array of token lines"))
  .min(1, { error: "must have at least 1 token line" })
  .max(MAX_TOKEN_LINES, { error: `must have at most ${MAX_TOKEN_LINES} token lines` })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((line, index) => {
      const key = `${line.Guid.toLowerCase()} ${line.ContractGuid.toLowerCase()}`;
      if (seen.has(key)) {
        ctx.issues.push({
          code: "custom",
          path: [index],
          message:
            "repeats the token and contract of an earlier line: put each pair once, with the total amount",
          input: line,
        });
      }
      seen.add(key);
    });
  });

/** Accepts a boolean; anything else names the rule. */
const flag = z.boolean(typeRule("must be true or false"));

/**
 * The body of `POST /AwardTokens` (docs/service.md, "Awards", rule 13). Unknown fields are dropped; `Wallet` is
 * read only for a direct distribution and `IsMintable` only for an allowance, as the spec says
 * each is ignored otherwise — so a `null` there is no error.
 */
export const AwardTokensRequest = z
  .object({
    ApiKey: z.string(typeRule("must be a string")),
    RequestID: uuid,
    ProjectGuid: uuid,
    IsAllowance: flag,
    IsMintable: z
      .unknown()
      .optional()
      .meta({ type: "boolean", description: "Allowances only; default false" }),
    CustomerID: customerId,
    Tokens: tokenLines,
    Wallet: z.unknown().optional().meta({
      type: "string",
      description:
        "Required for a direct distribution: 1–128 characters of well-formed Unicode text without control characters",
    }),
  })
  .transform((body, ctx) => {
    let isMintable = false;
    let destination = "";
    if (body.IsAllowance) {
      const parsed = flag.optional().safeParse(body.IsMintable);
      if (!parsed.success)
        ctx.addIssue({ code: "custom", path: ["IsMintable"], message: "must be true or false" });
      else isMintable = parsed.data ?? false;
    } else if (body.Wallet === undefined || body.Wallet === null) {
      ctx.addIssue({
        code: "custom",
        path: ["Wallet"],
        message: "is required for a direct distribution (IsAllowance false)",
      });
    } else {
      const parsed = wallet.safeParse(body.Wallet);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: ["Wallet"], message: issue.message });
      } else destination = parsed.data;
    }
    return {
      RequestID: body.RequestID,
      ProjectGuid: body.ProjectGuid,
      IsAllowance: body.IsAllowance,
      IsMintable: isMintable,
      CustomerID: body.CustomerID,
      Wallet: destination,
      Tokens: body.Tokens,
    };
  });
export type AwardTokensRequest = z.output<typeof AwardTokensRequest>;

/** The body of our `POST /FundWallet` extension (docs/service.md, "Extensions"). */
export const FundWalletRequest = z.object({
  ApiKey: z.string(),
  RequestID: uuid,
  ProjectGuid: uuid,
  Tokens: tokenLines,
});
export type FundWalletRequest = z.output<typeof FundWalletRequest>;

/**
 * The body of our `POST /ReverseAward` extension (docs/service.md, "Reversals"): take back part or
 * all of one award. `Tokens` omitted: everything of it still reversible.
 */
export const ReverseAwardRequest = z.object({
  ApiKey: z.string(typeRule("must be a string")),
  ReversalID: uuid,
  ProjectGuid: uuid,
  RequestID: uuid.meta({ description: "The award's RequestID" }),
  Reason: storedText("must be text")
    .trim()
    .min(1, { error: "must not be empty: say why the award is reversed" })
    .check((ctx) => {
      if ([...ctx.value].length > MAX_REASON_LENGTH)
        ctx.issues.push({
          code: "custom",
          message: `must be at most ${MAX_REASON_LENGTH} characters`,
          input: ctx.value,
        });
    })
    .meta({ description: `1–${MAX_REASON_LENGTH} characters of text without control characters` }),
  Tokens: tokenLines.optional().meta({
    description:
      "The lines to take back, each at most what remains of it; omitted: everything still reversible",
  }),
});
export type ReverseAwardRequest = z.output<typeof ReverseAwardRequest>;

function awardSchemas<L extends Strictness>(level: L) {
  const { object, extension } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const emit = level === "emit";
  const amount = emit ? decimalText : z.string();
  const status = emit ? z.enum(AWARD_STATUSES) : z.string();
  const state = emit ? z.enum(AWARD_STATES) : z.string();
  const outcome = emit ? z.enum(REVERSAL_OUTCOMES) : z.string();
  const date = emit ? dateText : z.string();
  const Line = object({ Guid: z.string(), ContractGuid: z.string(), Amount: amount });
  const Reversal = object({
    ReversalID: z.string(),
    Kind: emit ? z.enum(["Cancel", "Reverse"]) : z.string(),
    At: date,
    Reason: z.string(),
    Tokens: z.array(Line).meta({ description: "What this reversal took back" }),
  });

  return {
    AwardTokensResponse: object({
      ...envelope,
      Status: extension(status).meta({
        description: "Extension: Completed, or Queued until the project wallet is funded",
      }),
    }),
    FundWalletResponse: object({
      ...envelope,
      Status: z.literal("Completed"),
      Settled: z
        .array(z.string())
        .meta({ description: "RequestID of each queued award this funding settled, in order" }),
    }),
    /** A failed funding keeps its list field, empty (docs/service.md, "Envelope and errors", rule 1). */
    FundWalletFailure: object({ ...envelope, Settled: z.array(z.string()) }),
    WalletResponse: object({
      ...envelope,
      Data: object({
        Balances: z.array(
          object({
            TokenGuid: z.string(),
            Symbol: z.string(),
            ContractGuid: z.string(),
            ChainName: z.string(),
            Amount: amount,
          }),
        ),
        Queue: z.array(
          object({
            RequestID: z.string(),
            CustomerID: z.string(),
            Wallet: z.string(),
            QueuedAt: date,
            Tokens: z.array(Line),
          }),
        ),
      }),
    }),
    AwardResponse: object({
      ...envelope,
      Data: object({
        RequestID: z.string(),
        CustomerID: z.string(),
        IsAllowance: z.boolean(),
        IsMintable: z.boolean(),
        Wallet: z.string(),
        Tokens: z.array(Line),
        Status: state.meta({
          description:
            "Completed, Queued, Cancelled (taken out of the queue), PartlyReversed or Reversed (a completed award some or all of which was taken back)",
        }),
        CreatedAt: date,
        CompletedAt: date,
        Reversals: extension(z.array(Reversal)).meta({
          description: "Extension: its reversals, oldest first",
        }),
        Remaining: extension(z.array(Line)).meta({
          description: "Extension: what of each line is still in effect (zero lines included)",
        }),
      }),
    }),
    ReverseAwardResponse: object({
      ...envelope,
      Data: object({
        ReversalID: z.string(),
        RequestID: z.string(),
        CustomerID: z.string(),
        Status: outcome,
        Tokens: z.array(Line).meta({ description: "What this reversal took back" }),
        Remaining: z.array(Line).meta({ description: "What of the award is still in effect after it" }),
        Settled: z.array(z.string()).meta({
          description:
            "RequestID of each queued award the returned tokens (or the freed queue) settled, in order",
        }),
      }),
    }),
  };
}

export const awards = { emit: awardSchemas("emit"), accept: awardSchemas("accept") };

export type AwardTokensResponse = z.infer<typeof awards.emit.AwardTokensResponse>;
export type FundWalletResponse = z.infer<typeof awards.emit.FundWalletResponse>;
export type WalletResponse = z.infer<typeof awards.emit.WalletResponse>;
export type AwardResponse = z.infer<typeof awards.emit.AwardResponse>;
export type ReverseAwardResponse = z.infer<typeof awards.emit.ReverseAwardResponse>;
