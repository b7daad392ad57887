import { Download } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import type { ColumnGuide } from "@/lib/bulk/file-guide";

/**
 * What each column of a bulk file takes in this project, and the template to start from
 * (docs/console.md, "Bulk awards"): a person fills in the right file before the dry run has to
 * tell them what was wrong.
 */
export function FileGuideTable({ guide }: { guide: readonly ColumnGuide[] }) {
  return (
    <section aria-labelledby="file-guide-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="file-guide-heading" className="text-lg font-semibold">
          The file
        </h2>
        <a
          href="/awards/bulk/template.csv"
          download
          className={buttonClass({ variant: "outline", className: "gap-2" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download template
        </a>
      </div>
      <div className="max-w-full overflow-x-auto rounded-lg border border-border bg-card">
        <table className="w-full text-left text-sm" data-testid="file-guide">
          <caption className="sr-only">The columns of a bulk award file and what each takes</caption>
          <thead>
            <tr className="border-b border-border bg-muted text-xs uppercase tracking-wide text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Needed
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Takes
              </th>
            </tr>
          </thead>
          <tbody>
            {guide.map((entry) => (
              <tr key={entry.column} className="border-b border-border last:border-0">
                <th scope="row" className="px-3 py-2 font-mono text-xs font-medium whitespace-nowrap">
                  {entry.column}
                </th>
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{entry.required}</td>
                <td className="px-3 py-2">{entry.allowed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
