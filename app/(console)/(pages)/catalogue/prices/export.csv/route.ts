import { readTableView } from "@/components/data-table/url-state";
import { defineCsvExport } from "@/lib/api/define-csv-export";
import { PRICE_TABLE, priceRows } from "@/lib/catalogue/price-rows";
import { catalogueLanguages, chosenLanguage } from "@/lib/catalogue/texts";
import { listPrices } from "@/lib/client/catalogue";
import { tableRows } from "@/lib/pages/table-page";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** The prices the page lists under its chain, "all" and filter, as CSV; the products by GUID. */
export const GET = defineCsvExport("catalogue:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const params = new URL(request.url).searchParams;
  const chain = params.get("chain") ?? "";
  const prices = (
    await listPrices(connection, { chains: chain ? [chain] : "all", includeAll: params.get("all") === "1" })
  ).Prices;
  const language = chosenLanguage(
    params.get("lang") ?? undefined,
    catalogueLanguages(prices.flatMap((price) => price.Products)),
  );
  const rows = tableRows(priceRows(prices, language, new Date()), readTableView(params), PRICE_TABLE);
  return {
    name: "prices",
    header: [
      "guid",
      "currency",
      "amount",
      "discount",
      "effective_price",
      "tax_included",
      "chain",
      "valid",
      "from",
      "to",
      "quantity",
      "products",
    ],
    rows: rows.map((row) => [
      row.guid,
      row.currency,
      row.amount,
      row.discount,
      row.effective,
      row.taxIncluded ? "true" : "false",
      row.chain,
      row.validity,
      row.fromDate,
      row.toDate,
      row.tier,
      row.products.map((product) => product.guid).join(" "),
    ]),
  };
});
