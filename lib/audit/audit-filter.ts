import type { AuditFilter } from "./audit-log";

/** The Audit page's and the exports' filters, from the URL (a shareable view): bad values are ignored, not guessed at. */
export function auditFilterFrom(params: URLSearchParams): AuditFilter {
  const text = (name: string) => params.get(name)?.trim().slice(0, 254) || undefined;
  const day = (name: string, endOfDay: boolean) => {
    const value = params.get(name) ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const date = new Date(`${value}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  return {
    actor: text("actor"),
    kind: text("kind"),
    project: text("project"),
    from: day("from", false),
    to: day("to", true),
  };
}
