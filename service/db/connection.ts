import {
  type Database,
  type DatabaseTarget,
  type OpenDatabase,
  openDatabase as openAny,
} from "@/common/database";
import * as schema from "./schema";

export type { DatabaseTarget };
export type ServiceDb = Database<typeof schema>;
export type ServiceDatabase = OpenDatabase<typeof schema>;

/** The service's database: its schema, and SERVICE_DATABASE_URL as the way to PostgreSQL. */
export function openDatabase(target: DatabaseTarget): Promise<ServiceDatabase> {
  return openAny(target, schema, "SERVICE_DATABASE_URL");
}
