import { readTableView } from "@/components/data-table/url-state";
import { defineCsvExport } from "@/lib/api/define-csv-export";
import { PRODUCT_TABLE, productRows } from "@/lib/catalogue/product-rows";
import { catalogueLanguages, chosenLanguage } from "@/lib/catalogue/texts";
import { listProducts } from "@/lib/client/catalogue";
import { tableRows } from "@/lib/pages/table-page";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** The products the page lists under its filter, sort and language, as CSV. */
export const GET = defineCsvExport("catalogue:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const { Products, Types } = (await listProducts(connection)).Data;
  const params = new URL(request.url).searchParams;
  const language = chosenLanguage(params.get("lang") ?? undefined, catalogueLanguages(Products));
  const rows = tableRows(
    productRows(Products, Types, language),
    readTableView(params, { filterIds: ["type"] }),
    PRODUCT_TABLE,
  );
  return {
    name: "products",
    header: ["guid", "title", "title_language", "description", "type", "amount", "unlimited", "image_url"],
    rows: rows.map((row) => [
      row.guid,
      row.title?.value ?? "",
      row.title?.language ?? "",
      row.description?.value ?? "",
      row.typeName,
      row.amount,
      row.unlimited ? "true" : "false",
      row.imageUrl,
    ]),
  };
});
