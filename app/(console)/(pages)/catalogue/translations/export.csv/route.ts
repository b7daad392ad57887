import { readTableView } from "@/components/data-table/url-state";
import { defineCsvExport } from "@/lib/api/define-csv-export";
import { catalogueLanguages } from "@/lib/catalogue/texts";
import { TRANSLATION_TABLE, translationRows } from "@/lib/catalogue/translation-rows";
import { listProducts } from "@/lib/client/catalogue";
import { tableRows } from "@/lib/pages/table-page";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** The translations check under the page's filter and sort: per language, the texts missing. */
export const GET = defineCsvExport("catalogue:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const products = (await listProducts(connection)).Data.Products;
  const languages = catalogueLanguages(products);
  const rows = tableRows(
    translationRows(products, languages),
    readTableView(new URL(request.url).searchParams),
    TRANSLATION_TABLE,
  );
  return {
    name: "translations",
    header: ["guid", "product", "gaps", ...languages.map((language) => `missing_${language}`)],
    rows: rows.map((row) => [
      row.guid,
      row.name,
      String(row.gaps),
      ...languages.map((language) => (row.missing[language] ?? []).join(" ")),
    ]),
  };
});
