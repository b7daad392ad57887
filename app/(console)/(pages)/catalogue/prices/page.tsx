import type { Metadata } from "next";
import { LanguageSwitcher } from "@/components/catalogue/language-switcher";
import { PriceFilters } from "@/components/catalogue/price-filters";
import { PricesTable } from "@/components/catalogue/prices-table";
import { ExportLink } from "@/components/data-table/export-link";
import { pageParams, readTableView } from "@/components/data-table/url-state";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { PRICE_TABLE, priceRows } from "@/lib/catalogue/price-rows";
import { catalogueLanguages, chosenLanguage } from "@/lib/catalogue/texts";
import { listPrices, listProjectTokens } from "@/lib/client/catalogue";
import { tablePage } from "@/lib/pages/table-page";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Prices" };

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export default async function PricesPage({ searchParams }: PageProps<"/catalogue/prices">) {
  const params = await searchParams;
  const chain = one(params.chain) ?? "";
  const includeAll = one(params.all) === "1";
  const { read } = await readProject("catalogue:read", async (connection) => {
    const [prices, tokens] = await Promise.all([
      listPrices(connection, { chains: chain ? [chain] : "all", includeAll }),
      listProjectTokens(connection),
    ]);
    return { prices: prices.Prices, tokens: tokens.Data.Tokens };
  });
  const header = (
    <PageHeader
      title="Prices"
      description="What each price costs after its discount, when it is valid, and the products it sells."
    />
  );
  if (!read.ok) {
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ServiceFailurePanel failure={read.failure} />
      </main>
    );
  }
  const { prices, tokens } = read.data;
  const chains = ["FIAT", ...new Set(tokens.flatMap((token) => token.Contracts.map((c) => c.ChainName)))];
  if (chain && !chains.includes(chain)) chains.push(chain);
  const languages = catalogueLanguages(prices.flatMap((price) => price.Products));
  const language = chosenLanguage(one(params.lang), languages);
  // One page of rows is rendered and sent, however many prices the service lists.
  const page = tablePage(
    priceRows(prices, language, new Date()),
    readTableView(pageParams(params)),
    PRICE_TABLE,
  );
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      {header}
      <PricesTable
        rows={page.rows}
        rowCount={page.rowCount}
        of={prices.length}
        toolbar={
          <>
            <PriceFilters chains={chains} chain={chain} includeAll={includeAll} />
            {languages.length > 0 ? <LanguageSwitcher languages={languages} chosen={language} /> : null}
            <ExportLink href="/catalogue/prices/export.csv" />
          </>
        }
      />
    </main>
  );
}
