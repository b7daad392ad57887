import { catalogue } from "@/lib/contract/catalogue";
import { listPrices, listProducts, listProjectTokens } from "../../domain/catalogue";
import { getRoute, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { pricesParams, pricesQuery, projectParams } from "./params";

const schemas = catalogue.emit;

export function catalogueRoutes(app: ServiceApp): void {
  // GET /Prices/{key}/{project}/{Chains}/{IsAll}
  getRoute(app, {
    url: "/Prices/:YourAPIKEY/:ProjectGuid/:Chains/:IsAll",
    summary: "List active prices",
    params: pricesParams,
    querystring: pricesQuery,
    response: schemas.PricesResponse,
    emptyLists: { Prices: [] },
    handler: async ({ params, project }) =>
      ok({
        Prices: await listPrices(app.db, project.id, { chains: params.Chains, includeAll: params.IsAll }),
      }),
  });

  // GET /Products/{key}/{project}
  getRoute(app, {
    url: "/Products/:YourAPIKEY/:ProjectGuid",
    summary: "List active products of a project",
    params: projectParams,
    response: schemas.ProductsResponse,
    emptyLists: { Data: { Types: [], Products: [] } },
    handler: async ({ project }) => ok({ Data: await listProducts(app.db, project.id) }),
  });

  // GET /Tokens/{key}/{project}
  getRoute(app, {
    url: "/Tokens/:YourAPIKEY/:ProjectGuid",
    summary: "List active tokens of a project",
    params: projectParams,
    response: schemas.ProjectTokensResponse,
    emptyLists: { Data: { Tokens: [] } },
    handler: async ({ project }) => ok({ Data: { Tokens: await listProjectTokens(app.db, project.id) } }),
  });
}
