import "server-only";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { callService, type ServiceConnection, servicePath } from "./call-service";

export interface AwardLine {
  Guid: string;
  ContractGuid: string;
  /** Exact decimal text; sent as a JSON number literal with every digit. */
  Amount: string;
}

export interface AwardRequest {
  RequestID: string;
  CustomerID: string;
  IsAllowance: boolean;
  IsMintable?: boolean;
  Wallet?: string;
  Tokens: AwardLine[];
}

const literalLines = (lines: AwardLine[]) =>
  lines.map((line) => ({ ...line, Amount: new NumberLiteral(line.Amount) }));

/** `POST /AwardTokens`. `Status` is present only on services with our extensions. */
export function awardTokens(connection: ServiceConnection, request: AwardRequest) {
  return callService(connection, "/AwardTokens", "award", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      ...request,
      Tokens: literalLines(request.Tokens),
    },
  });
}

/** `POST /FundWallet` (our extension). */
export function fundWallet(
  connection: ServiceConnection,
  request: { RequestID: string; Tokens: AwardLine[] },
) {
  return callService(connection, "/FundWallet", "fund", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      RequestID: request.RequestID,
      Tokens: literalLines(request.Tokens),
    },
  });
}

/** `GET /Wallet` (our extension). */
export function getWallet(connection: ServiceConnection) {
  return callService(connection, servicePath("Wallet", connection.apiKey, connection.projectGuid), "wallet");
}

/** `GET /Awards/{RequestID}` (our extension). */
export function getAward(connection: ServiceConnection, requestId: string) {
  return callService(
    connection,
    servicePath("Awards", connection.apiKey, connection.projectGuid, requestId),
    "awardRecord",
  );
}

/** `POST /ReverseAward` (our extension): take back part (`Tokens`) or all of an award. */
export function reverseAward(
  connection: ServiceConnection,
  request: { ReversalID: string; RequestID: string; Reason: string; Tokens: AwardLine[] | null },
) {
  return callService(connection, "/ReverseAward", "reverse", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      ReversalID: request.ReversalID,
      RequestID: request.RequestID,
      Reason: request.Reason,
      ...(request.Tokens ? { Tokens: literalLines(request.Tokens) } : {}),
    },
  });
}
