import { sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { rows } from "./sql-rows";

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
