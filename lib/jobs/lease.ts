import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";

/**
 * Takes or renews the lease of a background job for `seconds`: true when this holder has it now.
 * A lease another holder keeps unexpired is left alone, so among several console instances on
 * one database exactly one runs the job at a time; a holder that stopped loses it when it ends.
 */
export async function takeLease(
  db: ConsoleDb,
  name: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into console.job_leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${seconds}))
    on conflict (name) do update
      set holder = excluded.holder, expires_at = excluded.expires_at
      where console.job_leases.expires_at < now() or console.job_leases.holder = excluded.holder
    returning holder
  `)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}
