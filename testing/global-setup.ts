import type { TestProject } from "vitest/node";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let server: ThrowawayPostgres | undefined;

/**
 * For the PostgreSQL project: TEST_DATABASE_URL if given, else a throwaway cluster started here.
 * PostgreSQL missing is a failure, not a skip: the rules must hold on both databases.
 */
export async function setup(project: TestProject): Promise<void> {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    server = await startThrowawayPostgres("gcc_test");
    url = server.url;
  }
  project.provide("postgresUrl", url);
}

export async function teardown(): Promise<void> {
  server?.stop();
}
