import { sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { rows } from "./sql-rows";

/** The internal id of a customer, created on first award (the game's players are not imported). */
export async function ensureCustomer(db: ServiceDb, projectId: number, customerId: string): Promise<number> {
  const inserted = await rows<{ id: number }>(
    db,
    sql`insert into service.customers (project_id, customer_id) values (${projectId}, ${customerId})
        on conflict (project_id, customer_id) do nothing returning id`,
  );
  if (inserted[0]) return inserted[0].id;
  const [found] = await rows<{ id: number }>(
    db,
    sql`select id from service.customers where project_id = ${projectId} and customer_id = ${customerId}`,
  );
  if (!found) throw new Error("A customer conflicted but its row is not visible.");
  return found.id;
}

export async function findCustomer(
  db: ServiceDb,
  projectId: number,
  customerId: string,
): Promise<number | null> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select id from service.customers where project_id = ${projectId} and customer_id = ${customerId}`,
  );
  return found?.id ?? null;
}
