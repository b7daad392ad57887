import type { Metadata } from "next";
import { LanguageSwitcher } from "@/components/catalogue/language-switcher";
import { ProductsTable } from "@/components/catalogue/products-table";
import { ExportLink } from "@/components/data-table/export-link";
import { pageParams, readTableView } from "@/components/data-table/url-state";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { PRODUCT_TABLE, productRows } from "@/lib/catalogue/product-rows";
import { catalogueLanguages, chosenLanguage } from "@/lib/catalogue/texts";
import { listProducts } from "@/lib/client/catalogue";
import { tablePage } from "@/lib/pages/table-page";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Products" };

export default async function ProductsPage({ searchParams }: PageProps<"/catalogue/products">) {
  const { read } = await readProject("catalogue:read", listProducts);
  const header = (
    <PageHeader
      title="Products"
      description="What the game sells, with its texts in every language of the catalogue."
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
  const { Products, Types } = read.data.Data;
  const languages = catalogueLanguages(Products);
  const params = await searchParams;
  const language = chosenLanguage(typeof params.lang === "string" ? params.lang : undefined, languages);
  // One page of rows is rendered and sent, however many products the catalogue holds.
  const page = tablePage(
    productRows(Products, Types, language),
    readTableView(pageParams(params), { filterIds: ["type"] }),
    PRODUCT_TABLE,
  );
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      {header}
      <ProductsTable
        rows={page.rows}
        rowCount={page.rowCount}
        of={Products.length}
        types={Types.map(({ value, name }) => ({ value, name }))}
        toolbar={
          <>
            <LanguageSwitcher languages={languages} chosen={language} />
            <ExportLink href="/catalogue/products/export.csv" />
          </>
        }
      />
    </main>
  );
}
