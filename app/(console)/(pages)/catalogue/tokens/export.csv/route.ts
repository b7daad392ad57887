import { readTableView } from "@/components/data-table/url-state";
import { defineCsvExport } from "@/lib/api/define-csv-export";
import { TOKEN_TABLE } from "@/lib/catalogue/token-table";
import { listProjectTokens } from "@/lib/client/catalogue";
import { tableRows } from "@/lib/pages/table-page";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** The tokens the page lists under its filter and sort, one line per contract, as CSV. */
export const GET = defineCsvExport("catalogue:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const tokens = (await listProjectTokens(connection)).Data.Tokens;
  const rows = tableRows(tokens, readTableView(new URL(request.url).searchParams), TOKEN_TABLE);
  return {
    name: "tokens",
    header: ["symbol", "name", "guid", "chain", "contract_guid"],
    rows: rows.flatMap((token) =>
      token.Contracts.map((contract) => [
        token.Symbol,
        token.Name,
        token.Guid,
        contract.ChainName,
        contract.ContractGuid,
      ]),
    ),
  };
});
