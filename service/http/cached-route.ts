import type { z } from "zod";
import type { Loaded, ReadCache } from "../cache/read-cache";
import type { AuthorizedProject } from "../domain/keys";
import { answerOtherMethods, type GetRouteSchemas, getRouteOptions, type ServiceApp } from "./define-route";
import { projectOf } from "./guard";
import { type Representation, representation, sendRepresentation } from "./representation";
import { writeJson } from "./wire-json";

/** What the cached reads share, decorated on the app (http/app.ts). */
export interface CachedReads {
  /** Catalogue answers: few, dropped whenever any catalogue changes. */
  cache: ReadCache<Representation>;
  /** Player answers: one per customer and endpoint, dropped when that customer's balances change. */
  players: ReadCache<Representation>;
  /** The clock prices are valid by; injectable so tests can step over a validity boundary. */
  now: () => number;
  /** Check each answer against the contract before keeping it (SERVICE_VALIDATE_RESPONSES). */
  validate: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    cachedReads: CachedReads;
  }
}

interface CachedGetRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>
  extends GetRouteSchemas<P, Q, R> {
  /** Which cache keeps the answers (default the catalogue's). */
  cache?: keyof Pick<CachedReads, "cache" | "players">;
  /** The part of the input the answer depends on besides the project (e.g. the Prices filter). */
  variant?: (params: z.output<P>) => string;
  /** Tags the answer is known by before it is loaded (ReadCache.get), e.g. its player. */
  tags?: (input: { params: z.output<P>; project: AuthorizedProject }) => readonly string[];
  /** Totals written with their exact digits as JSON numbers (customer Tokens, docs/service.md, "Values", rule 7). */
  rawTotals?: boolean;
  /** The answer's body, when it stops being true by itself (ms since the epoch), its tags. */
  load: (input: {
    params: z.output<P>;
    project: AuthorizedProject;
    now: Date;
  }) => Promise<Loaded<z.input<R>>>;
}

/**
 * A keyed GET endpoint whose answer depends only on the project's catalogue (and the clock), or on
 * that and one player's holdings: served from bytes kept per project, catalogue version and
 * variant until the catalogue changes, or one of the answer's tags is evicted (docs/service.md,
 * "Caches"), with a strong ETag (304 on If-None-Match) and gzip or br as Accept-Encoding asks. The
 * bytes are exactly what the plain route would send.
 */
export function cachedGetRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  app: ServiceApp,
  route: CachedGetRoute<P, Q, R>,
): void {
  const rawTotals = route.rawTotals ?? false;
  app.get(route.url, getRouteOptions(route), async (request, reply) => {
    const reads = app.cachedReads;
    const project = projectOf(request);
    const params = request.params as z.output<P>;
    const key = `${project.id} ${project.catalogueVersion} ${route.url} ${route.variant?.(params) ?? ""}`;
    const load = async () => {
      const loaded = await route.load({ params, project, now: new Date(reads.now()) });
      const text = writeJson(route.response, route.url, loaded.value, {
        validate: reads.validate,
        rawTotals,
      });
      return { ...loaded, value: representation(text) };
    };
    const answer = await reads[route.cache ?? "cache"].get(key, load, route.tags?.({ params, project }));
    return sendRepresentation(request, reply, answer);
  });
  answerOtherMethods(app, route.url, "GET", route.emptyLists);
}
