import { catalogue } from "@/lib/contract/catalogue";
import { listPrices, listProducts, listProjectTokens, nextPriceChange } from "../../domain/catalogue";
import { cachedGetRoute } from "../cached-route";
import type { ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { pricesParams, pricesQuery, projectParams } from "./params";

const schemas = catalogue.emit;

// Catalogue reads are answered from kept bytes until the catalogue changes (docs/service.md, "Caches").
export function catalogueRoutes(app: ServiceApp): void {
  // GET /Prices/{key}/{project}/{Chains}/{IsAll}
  cachedGetRoute(app, {
    url: "/Prices/:YourAPIKEY/:ProjectGuid/:Chains/:IsAll",
    summary: "List active prices",
    params: pricesParams,
    querystring: pricesQuery,
    response: schemas.PricesResponse,
    emptyLists: { Prices: [] },
    // Chain names compare case-insensitively and as a set (rule 5): one entry per distinct filter.
    variant: ({ Chains, IsAll }) =>
      `${Chains === "all" ? "all" : JSON.stringify([...new Set(Chains.map((c) => c.toUpperCase()))].sort())} ${IsAll}`,
    load: async ({ params, project, now }) => {
      const prices = await listPrices(app.db, project.id, {
        chains: params.Chains,
        includeAll: params.IsAll,
        now,
      });
      // Prices valid now: the list holds until the next price starts or ends (rule 5).
      const until = params.IsAll ? null : await nextPriceChange(app.db, project.id, now);
      return { value: ok({ Prices: prices }), until: until ?? undefined };
    },
  });

  // GET /Products/{key}/{project}
  cachedGetRoute(app, {
    url: "/Products/:YourAPIKEY/:ProjectGuid",
    summary: "List active products of a project",
    params: projectParams,
    response: schemas.ProductsResponse,
    emptyLists: { Data: { Types: [], Products: [] } },
    load: async ({ project }) => ({ value: ok({ Data: await listProducts(app.db, project.id) }) }),
  });

  // GET /Tokens/{key}/{project}
  cachedGetRoute(app, {
    url: "/Tokens/:YourAPIKEY/:ProjectGuid",
    summary: "List active tokens of a project",
    params: projectParams,
    response: schemas.ProjectTokensResponse,
    emptyLists: { Data: { Tokens: [] } },
    load: async ({ project }) => ({
      value: ok({ Data: { Tokens: await listProjectTokens(app.db, project.id) } }),
    }),
  });
}
