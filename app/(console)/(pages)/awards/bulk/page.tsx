import type { Metadata } from "next";
import { BulkUpload } from "@/components/bulk/bulk-upload";
import { FileGuideTable } from "@/components/bulk/file-guide-table";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { When } from "@/components/ui/when";
import { requirePageUser } from "@/lib/auth/current-user";
import { columnGuide } from "@/lib/bulk/file-guide";
import { readLatestBatches } from "@/lib/bulk/page-reads";
import { listProjectTokens } from "@/lib/client/catalogue";
import { projectContext } from "@/lib/project/current-project";
import { readService } from "@/lib/project/read-service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bulk awards · Awards" };

/** Bulk awards: upload a CSV file, check it, send it; the project's latest batches. */
export default async function BulkAwardsPage() {
  const user = await requirePageUser("awards:send");
  const { connection } = await projectContext(user.id);
  const [batches, tokens] = await Promise.all([
    readLatestBatches(connection?.projectGuid ?? null),
    // The column guide names the project's own tokens; without them it still names the columns.
    connection ? readService(() => listProjectTokens(connection)) : null,
  ]);
  return (
    <main className="flex flex-col gap-8 px-6 py-6">
      <PageHeader
        title="Bulk awards"
        description="Award tokens to many players from a CSV file: checked row by row before anything is sent, each row paid at most once."
      />
      <FileGuideTable guide={columnGuide(tokens?.ok ? tokens.data.Data.Tokens : [])} />
      <BulkUpload />
      <section aria-labelledby="batches-heading" className="flex flex-col gap-3">
        <h2 id="batches-heading" className="text-lg font-semibold">
          Latest batches
        </h2>
        {batches.length === 0 ? (
          <p className="text-sm text-muted-foreground">No batch was sent for this project yet.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {batches.map((batch) => (
              <li key={batch.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <Link
                  href={`/awards/bulk/${batch.id}`}
                  className="min-w-0 break-all underline underline-offset-2"
                >
                  Batch {batch.id}: {batch.fileName}
                </Link>
                <span>
                  {batch.rowCount} rows · {batch.actorEmail} · <When iso={batch.createdAt.toISOString()} />
                </span>
                <Badge tone={batch.status === "done" ? "success" : "info"}>
                  {batch.status === "done" ? "Done" : "Sending"}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
