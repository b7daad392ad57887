import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ServiceApp } from "../define-route";

const Health = z.object({ status: z.enum(["ok", "unavailable"]) });

/** Extensions without a key or an envelope (docs/service.md, "Extensions"): health and the OpenAPI document. */
export function metaRoutes(app: ServiceApp): void {
  // GET /health
  app.get(
    "/health",
    {
      schema: {
        summary: "Extension: 200 when the database answers, 503 otherwise",
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: "ok" as const };
      } catch (error) {
        request.log.warn({ err: error }, "health check failed");
        return reply.code(503).send({ status: "unavailable" as const });
      }
    },
  );
  // GET /openapi.json
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
