import { fileURLToPath } from "node:url";
import { migrateDatabase } from "@/common/database";
import type { ServiceDatabase } from "./connection";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the service's migrations; the same files on both drivers. */
export async function migrateServiceDatabase(database: ServiceDatabase): Promise<void> {
  await migrateDatabase(database, { folder: migrationsFolder, schema: "service" });
}
