import type { Metadata } from "next";
import { AuditTable } from "@/components/audit/audit-table";
import { VerifyAuditButton } from "@/components/audit/verify-audit-button";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { auditFilterFrom } from "@/lib/audit/audit-filter";
import { AUDIT_KIND_NAMES, AUDIT_KINDS } from "@/lib/audit/audit-kinds";
import { readAuditLog } from "@/lib/audit/page-reads";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

const PAGE = 50;

/**
 * Owners read everything staff did (docs/console.md, "Audit log"), newest first, filtered by
 * actor, kind, project and dates, 50 a page; verify the chain; export what the filters show.
 */
export default async function AuditPage({ searchParams }: PageProps<"/audit">) {
  await requirePageUser("audit:read");
  const params = new URLSearchParams(
    Object.entries(await searchParams).flatMap(([key, value]) =>
      typeof value === "string" ? [[key, value]] : [],
    ),
  );
  const filter = auditFilterFrom(params);
  const before = Number(params.get("before"));
  const { rows, nextBefore } = await readAuditLog(filter, {
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: PAGE,
  });
  const kept = new URLSearchParams(params);
  kept.delete("before");
  const query = kept.toString();
  const older = nextBefore
    ? `/audit?${new URLSearchParams({ ...Object.fromEntries(kept), before: String(nextBefore) })}`
    : null;
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="Audit log"
        description="Everything staff did in this console: sign-ins, people, connections, settings, awards and funding. Rows cannot be changed, and each is chained to the one before it."
      >
        <div className="flex flex-wrap gap-2">
          <VerifyAuditButton />
          <Button asChild variant="outline">
            <a href={`/audit/export.csv${query ? `?${query}` : ""}`} download>
              Export CSV
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/audit/export.jsonl${query ? `?${query}` : ""}`} download>
              Export JSON Lines
            </a>
          </Button>
        </div>
      </PageHeader>
      <form method="get" action="/audit" className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <Field label="Actor" id="audit-actor" className="col-span-2 sm:w-56">
          <Input name="actor" type="email" defaultValue={filter.actor ?? ""} placeholder="Email" />
        </Field>
        <Field label="Event" id="audit-kind" className="col-span-2 sm:w-64">
          <Select name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">Any</option>
            {AUDIT_KIND_NAMES.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_KINDS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Project" id="audit-project" className="col-span-2 sm:w-48">
          <Input name="project" defaultValue={filter.project ?? ""} placeholder="Connection name" />
        </Field>
        <Field label="From" id="audit-from" className="sm:w-40">
          <Input name="from" type="date" defaultValue={params.get("from") ?? ""} />
        </Field>
        <Field label="To" id="audit-to" className="sm:w-40">
          <Input name="to" type="date" defaultValue={params.get("to") ?? ""} />
        </Field>
        <Button type="submit" variant="outline" className="col-span-2">
          Filter
        </Button>
      </form>
      <AuditTable
        rows={rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actorEmail,
          kind: row.kind,
          project: row.project,
          client: row.client,
          userAgent: row.userAgent,
          summary: row.summary,
        }))}
      />
      <nav aria-label="Audit pages" className="flex gap-4 text-sm">
        {params.get("before") ? (
          <Link href={`/audit${query ? `?${query}` : ""}`} className="underline underline-offset-4">
            Newest
          </Link>
        ) : null}
        {older ? (
          <Link href={older} className="underline underline-offset-4">
            Older
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
