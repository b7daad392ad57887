import type { SQL } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T>(db: ServiceDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** ISO 8601 UTC to the second, "" when unset (docs/service.md, "Identifiers and parameters", rule 6). */
export function wireDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
