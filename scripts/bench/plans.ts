import { type SQL, sql } from "drizzle-orm";
import type { ServiceDb } from "@/service/db/connection";
import { listCustomerItems, listCustomerTokens } from "@/service/domain/holdings";
import { authorize } from "@/service/domain/keys";
import { rows } from "@/service/domain/sql-rows";

/**
 * Query plans of the per-request reads, taken from the very SQL the domain functions send (a
 * recording handle captures it), so the check cannot drift from the code it checks.
 */

/** Tables that grow with customers or awards: a sequential scan of one is a defect. */
export const BIG_TABLES: ReadonlySet<string> = new Set([
  "customers",
  "accounts",
  "items",
  "item_attributes",
  "postings",
  "ledger_transactions",
  "awards",
  "award_lines",
]);

export interface PlanSummary {
  query: string;
  /** e.g. "Index Scan customers (customers_project_customer_idx)". */
  scans: string[];
  seqScansOnBigTables: string[];
  executionMs: number;
}

function recording(db: ServiceDb, seen: SQL[]): ServiceDb {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "execute")
        return (query: SQL) => {
          seen.push(query);
          return target.execute(query);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  if (node["Relation Name"]) out.push(node);
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

async function explain(db: ServiceDb, name: string, query: SQL): Promise<PlanSummary> {
  const [row] = await rows<{ "QUERY PLAN": unknown }>(
    db,
    sql`explain (analyze, costs off, format json) ${query}`,
  );
  const raw = row?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    "Execution Time": number;
  }[];
  const top = parsed[0];
  if (!top) throw new Error(`EXPLAIN of ${name} returned nothing`);
  const scans = scansOf(top.Plan);
  return {
    query: name,
    scans: scans.map(
      (s) => `${s["Node Type"]} ${s["Relation Name"]}${s["Index Name"] ? ` (${s["Index Name"]})` : ""}`,
    ),
    seqScansOnBigTables: scans
      .filter((s) => s["Node Type"] === "Seq Scan" && BIG_TABLES.has(s["Relation Name"] ?? ""))
      .map((s) => s["Relation Name"] as string),
    executionMs: top["Execution Time"],
  };
}

/** Plans of the key check and the two customer reads, for one customer of the project. */
export async function explainCustomerReads(
  db: ServiceDb,
  input: { apiKey: string; projectGuid: string; customerId: string },
): Promise<PlanSummary[]> {
  const seen: SQL[] = [];
  const recorder = recording(db, seen);
  const project = await authorize(recorder, input.apiKey, input.projectGuid);
  if (!project) throw new Error("The benchmark key does not open the benchmark project.");
  await listCustomerTokens(recorder, project.id, input.customerId);
  await listCustomerItems(recorder, project.id, input.customerId);
  const names = ["key check (authorize)", "customer Tokens", "customer Items"];
  if (seen.length !== names.length)
    throw new Error(`Expected ${names.length} queries from the customer reads, saw ${seen.length}.`);
  const plans: PlanSummary[] = [];
  for (const [i, query] of seen.entries()) plans.push(await explain(db, names[i] as string, query));
  return plans;
}
