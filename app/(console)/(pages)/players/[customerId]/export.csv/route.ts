import { defineCsvExport } from "@/lib/api/define-csv-export";
import { getCustomerTokens } from "@/lib/client/holdings";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { checkCustomerId } from "@/lib/players/customer-id";
import { playerTokens } from "@/lib/players/holdings";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** A player's holdings, every part of every token (the page's tables, all their pages), as CSV. */
export const GET = defineCsvExport<{ customerId: string }>("players:read", async ({ params, user }) => {
  const checked = checkCustomerId(decodeURIComponent(params.customerId));
  if (!checked.ok) throw new UserFacingError(`Customer ID ${checked.problem}.`, { status: 400 });
  const { connection } = await requireProject(user.id);
  const tokens = playerTokens((await getCustomerTokens(connection, checked.id)).Data.Tokens);
  return {
    name: `holdings-${checked.id.replace(/[^\w.-]+/g, "_")}`,
    header: ["symbol", "token_guid", "kind", "amount", "chain", "wallet", "contract_guid"],
    rows: tokens.flatMap((token) =>
      token.details.map((detail) => [
        token.symbol,
        token.guid,
        detail.IsAllowance ? "allowance" : "distributed",
        detail.Amount,
        detail.ChainName,
        detail.Wallet,
        detail.ContractGuid,
      ]),
    ),
  };
});
