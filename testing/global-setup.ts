import type { TestProject } from "vitest/node";
import { createMigratedTemplates, type MigratedTemplates } from "./migrated-templates";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated databases each test database is copied from (testing/migrated-templates.ts). */
    postgresTemplates: MigratedTemplates;
  }
}

let server: ThrowawayPostgres | undefined;
let dropTemplates: (() => Promise<void>) | undefined;

/**
 * For the PostgreSQL project: TEST_DATABASE_URL if given, else a throwaway cluster started here,
 * and the migrated templates on it. PostgreSQL missing is a failure, not a skip: the rules must
 * hold on both databases.
 */
export async function setup(project: TestProject): Promise<void> {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    server = await startThrowawayPostgres("gcc_test");
    url = server.url;
  }
  const migrated = await createMigratedTemplates(url);
  dropTemplates = migrated.drop;
  project.provide("postgresUrl", url);
  project.provide("postgresTemplates", migrated.templates);
}

export async function teardown(): Promise<void> {
  try {
    await dropTemplates?.();
  } finally {
    server?.stop();
  }
}
