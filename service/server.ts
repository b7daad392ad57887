import { openDatabase, type ServiceDatabase } from "./db/connection";
import { connectionLimits, databaseTarget, requestLogSettings, type ServiceEnv } from "./env";
import { buildServiceApp } from "./http/app";
import type { ServiceApp } from "./http/define-route";

export interface RunningService {
  app: ServiceApp;
  database: ServiceDatabase;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, builds the app and listens; `stop` closes both, in that order. */
export async function startService(env: ServiceEnv): Promise<RunningService> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const app = await buildServiceApp({
      db: database.db,
      rateLimit: env.SERVICE_RATE_LIMIT,
      validateResponses: env.SERVICE_VALIDATE_RESPONSES,
      logger: { level: env.SERVICE_LOG_LEVEL },
      limits: connectionLimits(env),
      requestLog: requestLogSettings(env),
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
