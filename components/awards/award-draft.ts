import { SUCCEEDED } from "@/components/awards/award-outcome";
import type { AwardReviewProps } from "@/components/awards/award-review";
import type { ParsedAward } from "@/lib/awards/award-input";
import type { AwardMode } from "@/lib/awards/award-rules";
import { canonicalGuid } from "@/lib/contract/uuid-pattern";
import type { AddressFormat } from "@/lib/contract/wallet-address";
import type { PlayerSummary } from "@/lib/players/holdings";

/**
 * The award form's draft (award-form.tsx): what the person is typing, the values the action is sent
 * and the review the confirmation dialog shows. No React here: the form and its parts share it.
 */

export interface TokenOption {
  guid: string;
  symbol: string;
  name: string;
  /** `addressFormat`: the service's word on the chain's wallets; absent when it does not say. */
  contracts: { guid: string; chain: string; addressFormat?: AddressFormat | null }[];
}

export interface Line {
  key: number;
  token: string;
  contract: string;
  amount: string;
}

export interface Draft {
  customerId: string;
  mode: AwardMode;
  wallet: string;
  mintable: boolean;
  lines: Line[];
  reason: string;
}

/** A new token line (the first token and its first contract) and an empty draft, for these tokens. */
export function draftsOf(tokens: TokenOption[]) {
  const first = tokens[0];
  const newLine = (key: number): Line => ({
    key,
    token: first?.guid ?? "",
    contract: first?.contracts[0]?.guid ?? "",
    amount: "",
  });
  const emptyDraft = (customerId = ""): Draft => ({
    customerId,
    mode: "allowance",
    wallet: "",
    mintable: false,
    lines: [newLine(0)],
    reason: "",
  });
  return { newLine, emptyDraft };
}

/** What the amount's hint says the player holds of a token. */
export type Holding =
  /** No player looked up yet (or the lookup failed): nothing to say. */
  | { kind: "unknown" }
  /** The service knows nothing of this player. */
  | { kind: "new" }
  /** The player's total of the token, "0" when they hold none of it. */
  | { kind: "held"; total: string };

/** The player's holding of `token` (a GUID, any case), as the amount's hint says it. */
export function holdingOf(summary: PlayerSummary | undefined, token: string): Holding {
  if (!summary) return { kind: "unknown" };
  if (summary.isNew) return { kind: "new" };
  const total = summary.tokens.find((t) => canonicalGuid(t.guid) === canonicalGuid(token))?.total ?? "0";
  return { kind: "held", total };
}

/** The award as the RequestID rule compares it: every field the person chose, in one text. */
export const awardKey = ({ requestId: _id, confirmNewPlayer: _confirm, ...award }: ParsedAward) =>
  JSON.stringify(award);

/** What the action is sent for this draft: a wallet only for a direct award, mintable only for an allowance. */
export function awardValues(draft: Draft, tokens: TokenOption[], requestId: string) {
  const tokenOf = (guid: string) => tokens.find((token) => token.guid === guid);
  return {
    requestId,
    customerId: draft.customerId,
    mode: draft.mode,
    wallet: draft.mode === "direct" ? draft.wallet : "",
    mintable: draft.mode === "allowance" && draft.mintable,
    lines: draft.lines.map((line) => {
      const contract = tokenOf(line.token)?.contracts.find((c) => c.guid === line.contract);
      return {
        token: line.token,
        contract: line.contract,
        chain: contract?.chain ?? "",
        ...(contract?.addressFormat !== undefined ? { addressFormat: contract.addressFormat } : {}),
        amount: line.amount,
      };
    }),
    reason: draft.reason,
  };
}

/** The confirmation dialog's account of a checked award, with the RequestID it will be sent with. */
export function reviewOf(
  award: ParsedAward,
  typedCustomerId: string,
  tokens: TokenOption[],
  requestId: string,
): Omit<AwardReviewProps, "check"> {
  return {
    customerId: award.customerId,
    trimmed: award.customerId !== typedCustomerId,
    mode: award.mode,
    mintable: award.mintable,
    wallet: award.wallet,
    lines: award.lines.map((line, index) => ({
      index,
      amount: line.amount,
      symbol: tokens.find((token) => token.guid === line.token)?.symbol ?? "?",
      chain: line.chain,
      token: line.token,
    })),
    reason: award.reason,
    requestId,
  };
}

/**
 * What the form says after the service answered a sent award, and whether its RequestID is taken:
 * written and waiting for approval, or sent, it is; failed or unknown, an unchanged retry keeps it.
 */
export function sentAnswer(
  status: string,
  customerId: string,
): { taken: boolean; tone: "info" | "success" | "warning"; message: string } {
  if (status === "awaiting-approval")
    return {
      taken: true,
      tone: "info",
      message: `Waiting for approval: nothing is sent to ${customerId} until another person approves.`,
    };
  // Taken, but not paid yet: no green check for money still waiting (docs/console.md, "Confirmations").
  if (status === "queued")
    return {
      taken: true,
      tone: "info",
      message: `Award queued for ${customerId}: it waits for project funds.`,
    };
  if (SUCCEEDED.includes(status))
    return { taken: true, tone: "success", message: `Award ${status} for ${customerId}.` };
  return {
    taken: false,
    tone: "warning",
    message: status === "unknown" ? "Outcome unknown: retry it safely." : "The award failed.",
  };
}
