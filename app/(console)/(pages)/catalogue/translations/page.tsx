import type { Metadata } from "next";
import { TranslationsTable } from "@/components/catalogue/translations-table";
import { pageParams, readTableView } from "@/components/data-table/url-state";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { catalogueLanguages } from "@/lib/catalogue/texts";
import { TRANSLATION_TABLE, translationRows } from "@/lib/catalogue/translation-rows";
import { listProducts } from "@/lib/client/catalogue";
import { tablePage } from "@/lib/pages/table-page";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Translations" };

export default async function TranslationsPage({ searchParams }: PageProps<"/catalogue/translations">) {
  const { read } = await readProject("catalogue:read", listProducts);
  const header = (
    <PageHeader
      title="Translations check"
      description="Which product titles and descriptions are missing in each language of the catalogue."
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
  const products = read.data.Data.Products;
  const languages = catalogueLanguages(products);
  const rows = translationRows(products, languages);
  const gaps = rows.reduce((sum, row) => sum + row.gaps, 0);
  // One page of rows is rendered and sent, however many products the catalogue holds.
  const page = tablePage(rows, readTableView(pageParams(await searchParams)), TRANSLATION_TABLE);
  return (
    <main className="flex flex-col gap-6 px-6 py-6">
      {header}
      <p data-testid="translation-summary" className="text-sm">
        {gaps === 0
          ? `Every product has a title and a description in all ${languages.length} languages.`
          : `${gaps} missing text${gaps === 1 ? "" : "s"} across ${rows.filter((row) => row.gaps > 0).length} of ${rows.length} products in ${languages.length} languages.`}
      </p>
      <TranslationsTable rows={page.rows} rowCount={page.rowCount} of={rows.length} languages={languages} />
    </main>
  );
}
