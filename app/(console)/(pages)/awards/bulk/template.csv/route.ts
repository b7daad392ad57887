import { defineCsvExport } from "@/lib/api/define-csv-export";
import { COLUMNS } from "@/lib/bulk/csv";
import { templateRows } from "@/lib/bulk/file-guide";
import { listProjectTokens } from "@/lib/client/catalogue";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** A bulk file to fill in: the columns and two example rows with the project's own token. */
export const GET = defineCsvExport("awards:send", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  return {
    name: "bulk-awards-template",
    header: COLUMNS,
    rows: templateRows((await listProjectTokens(connection)).Data.Tokens),
  };
});
