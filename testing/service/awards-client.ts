import { randomUUID } from "node:crypto";
import { KEY, PROJECT } from "./fixtures";
import { call, post, type TestResponse } from "./http-client";

/** A token line of a test request; `amount` is written into the JSON text as is (a number literal). */
export interface Line {
  token: string;
  contract: string;
  amount: string;
}

export interface AwardInput {
  requestId?: string;
  customer?: string;
  allowance?: boolean;
  mintable?: boolean;
  wallet?: string;
  lines: Line[];
  /** Other fields, merged into the body (e.g. ApiKey, unknown extras). */
  extra?: Record<string, unknown>;
}

const linesJson = (lines: Line[]) =>
  `[${lines.map((l) => `{"Guid":"${l.token}","ContractGuid":"${l.contract}","Amount":${l.amount}}`).join(",")}]`;

/** The raw JSON text of an AwardTokens body, amounts kept as exact number literals. */
export function awardJson(input: AwardInput): string {
  const fields: Record<string, unknown> = {
    ApiKey: KEY,
    RequestID: input.requestId ?? randomUUID(),
    ProjectGuid: PROJECT,
    IsAllowance: input.allowance ?? false,
    CustomerID: input.customer ?? "award-player",
    ...(input.mintable === undefined ? {} : { IsMintable: input.mintable }),
    ...(input.wallet === undefined ? {} : { Wallet: input.wallet }),
    ...input.extra,
  };
  return `${JSON.stringify(fields).slice(0, -1)},"Tokens":${linesJson(input.lines)}}`;
}

export function fundJson(input: {
  requestId?: string;
  lines: Line[];
  extra?: Record<string, unknown>;
}): string {
  const fields = {
    ApiKey: KEY,
    RequestID: input.requestId ?? randomUUID(),
    ProjectGuid: PROJECT,
    ...input.extra,
  };
  return `${JSON.stringify(fields).slice(0, -1)},"Tokens":${linesJson(input.lines)}}`;
}

export const award = (base: string, input: AwardInput): Promise<TestResponse> =>
  post(base, "/AwardTokens", awardJson(input));

export const fund = (base: string, input: { requestId?: string; lines: Line[] }): Promise<TestResponse> =>
  post(base, "/FundWallet", fundJson(input));

/** Project wallet balances by ContractGuid (upper case, as the fixture stores them). */
export async function walletBalances(base: string): Promise<Record<string, string>> {
  const response = await call(base, `/Wallet/${KEY}/${PROJECT}`);
  return Object.fromEntries(
    (response.json.Data.Balances as { ContractGuid: string; Amount: string }[]).map((b) => [
      b.ContractGuid,
      b.Amount,
    ]),
  );
}

/** A customer's detail amounts as `contract|wallet|allowance` → amount. */
export async function holdingsOf(base: string, customer: string): Promise<Record<string, string>> {
  const response = await call(base, `/Tokens/${KEY}/${PROJECT}/${encodeURIComponent(customer)}`);
  const out: Record<string, string> = {};
  for (const token of response.json.Data.Tokens as {
    Details: { ContractGuid: string; Wallet: string; IsAllowance: boolean; Amount: string }[];
  }[]) {
    for (const d of token.Details) out[`${d.ContractGuid}|${d.Wallet}|${d.IsAllowance}`] = d.Amount;
  }
  return out;
}

export interface ReverseInput {
  reversalId?: string;
  /** The award's RequestID. */
  requestId: string;
  reason?: string;
  /** Omitted: everything still reversible. */
  lines?: Line[];
  extra?: Record<string, unknown>;
}

/** The raw JSON text of a ReverseAward body. */
export function reverseJson(input: ReverseInput): string {
  const fields = {
    ApiKey: KEY,
    ReversalID: input.reversalId ?? randomUUID(),
    ProjectGuid: PROJECT,
    RequestID: input.requestId,
    Reason: input.reason ?? "Sent by mistake",
    ...input.extra,
  };
  const text = JSON.stringify(fields);
  return input.lines ? `${text.slice(0, -1)},"Tokens":${linesJson(input.lines)}}` : text;
}

export const reverse = (base: string, input: ReverseInput): Promise<TestResponse> =>
  post(base, "/ReverseAward", reverseJson(input));
