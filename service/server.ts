import { describeTarget } from "@/common/cli";
import { openDatabase, type ServiceDatabase } from "./db/connection";
import { requireMigratedService } from "./db/migrate";
import {
  connectionLimits,
  databaseTarget,
  requestLogSettings,
  type ServiceEnv,
  webhookSettings,
} from "./env";
import { buildServiceApp } from "./http/app";
import type { ServiceApp } from "./http/define-route";

export interface RunningService {
  app: ServiceApp;
  database: ServiceDatabase;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the database, refuses it unless it is migrated, builds the app and listens; `stop`
 * closes both, in that order.
 */
export async function startService(
  env: ServiceEnv,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<RunningService> {
  const target = databaseTarget(env);
  const database = await openDatabase(target);
  try {
    await requireMigratedService(database, describeTarget(target));
    const app = await buildServiceApp({
      db: database.db,
      rateLimit: env.SERVICE_RATE_LIMIT,
      validateResponses: env.SERVICE_VALIDATE_RESPONSES,
      // Standard output unless the caller keeps the log (the demo writes it to a file).
      logger: { level: env.SERVICE_LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
      limits: connectionLimits(env),
      requestLog: requestLogSettings(env),
      webhooks: webhookSettings(env),
    });
    const address = await app.listen({ port: env.SERVICE_PORT, host: env.SERVICE_HOST });
    return {
      app,
      database,
      url: `${address}/api/public`,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
