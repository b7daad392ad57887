import { catalogue } from "@/lib/contract/catalogue";
import { listPrices, listProducts, listProjectTokens } from "../../domain/catalogue";
import { answerOtherMethods, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { projectOf } from "../guard";
import { pricesParams, pricesQuery, projectParams } from "./params";

const schemas = catalogue.emit;

export function catalogueRoutes(app: ServiceApp): void {
  const pricesUrl = "/Prices/:YourAPIKEY/:ProjectGuid/:Chains/:IsAll";
  const pricesEmpty = { Prices: [] };
  // GET /Prices/{key}/{project}/{Chains}/{IsAll}
  app.get(
    pricesUrl,
    {
      schema: {
        summary: "List active prices",
        params: pricesParams,
        querystring: pricesQuery,
        response: { 200: schemas.PricesResponse, "4xx": schemas.PricesResponse, "5xx": schemas.PricesResponse },
      },
      config: { emptyLists: pricesEmpty },
    },
    async (request) => {
      const { Chains, IsAll } = request.params;
      const prices = await listPrices(app.db, projectOf(request).id, { chains: Chains, includeAll: IsAll });
      return ok({ Prices: prices });
    },
  );
  answerOtherMethods(app, pricesUrl, "GET", pricesEmpty);

  const productsUrl = "/Products/:YourAPIKEY/:ProjectGuid";
  const productsEmpty = { Data: { Types: [], Products: [] } };
  // GET /Products/{key}/{project}
  app.get(
    productsUrl,
    {
      schema: {
        summary: "List active products of a project",
        params: projectParams,
        response: { 200: schemas.ProductsResponse, "4xx": schemas.ProductsResponse, "5xx": schemas.ProductsResponse },
      },
      config: { emptyLists: productsEmpty },
    },
    async (request) => ok({ Data: await listProducts(app.db, projectOf(request).id) }),
  );
  answerOtherMethods(app, productsUrl, "GET", productsEmpty);

  const tokensUrl = "/Tokens/:YourAPIKEY/:ProjectGuid";
  const tokensEmpty = { Data: { Tokens: [] } };
  // GET /Tokens/{key}/{project}
  app.get(
    tokensUrl,
    {
      schema: {
        summary: "List active tokens of a project",
        params: projectParams,
        response: {
          200: schemas.ProjectTokensResponse,
          "4xx": schemas.ProjectTokensResponse,
          "5xx": schemas.ProjectTokensResponse,
        },
      },
      config: { emptyLists: tokensEmpty },
    },
    async (request) => ok({ Data: { Tokens: await listProjectTokens(app.db, projectOf(request).id) } }),
  );
  answerOtherMethods(app, tokensUrl, "GET", tokensEmpty);
}
