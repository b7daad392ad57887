import { holdings } from "@/lib/contract/holdings";
import { listCustomerItems, listCustomerTokens, listItemsByTokenId } from "../../domain/holdings";
import { ServiceError } from "../../domain/service-error";
import { answerOtherMethods, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { projectOf } from "../guard";
import { customerParams, tokenIdParams } from "./params";

const schemas = holdings.emit;

export const CUSTOMER_TOKENS_URL = "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID";

export function holdingsRoutes(app: ServiceApp): void {
  const tokensEmpty = { Data: { Tokens: [] } };
  // GET /Tokens/{key}/{project}/{CustomerID}
  app.get(
    CUSTOMER_TOKENS_URL,
    {
      schema: {
        summary: "List tokens of a customer",
        params: customerParams,
        response: {
          200: schemas.CustomerTokensResponse,
          "4xx": schemas.CustomerTokensResponse,
          "5xx": schemas.CustomerTokensResponse,
        },
      },
      config: { emptyLists: tokensEmpty },
    },
    async (request) => {
      const tokens = await listCustomerTokens(app.db, projectOf(request).id, request.params.CustomerID);
      return ok({ Data: { Tokens: tokens } });
    },
  );
  answerOtherMethods(app, CUSTOMER_TOKENS_URL, "GET", tokensEmpty);

  const itemsEmpty = { Items: [] };
  const itemsUrl = "/Items/:YourAPIKEY/:ProjectGuid/:CustomerID";
  // GET /Items/{key}/{project}/{CustomerID}
  app.get(
    itemsUrl,
    {
      schema: {
        summary: "List items of a customer",
        params: customerParams,
        response: { 200: schemas.ItemsResponse, "4xx": schemas.ItemsResponse, "5xx": schemas.ItemsResponse },
      },
      config: { emptyLists: itemsEmpty },
    },
    async (request) =>
      ok({ Items: await listCustomerItems(app.db, projectOf(request).id, request.params.CustomerID) }),
  );
  answerOtherMethods(app, itemsUrl, "GET", itemsEmpty);

  const itemUrl = "/Item/:YourAPIKEY/:ProjectGuid/:TokenID";
  // GET /Item/{key}/{project}/{TokenID}
  app.get(
    itemUrl,
    {
      schema: {
        summary: "Get the items with one TokenID",
        params: tokenIdParams,
        response: { 200: schemas.ItemsResponse, "4xx": schemas.ItemsResponse, "5xx": schemas.ItemsResponse },
      },
      config: { emptyLists: itemsEmpty },
    },
    async (request) => {
      const items = await listItemsByTokenId(app.db, projectOf(request).id, request.params.TokenID);
      if (items.length === 0) throw new ServiceError("NOT_FOUND", 404, "No item of this project has that TokenID.");
      return ok({ Items: items });
    },
  );
  answerOtherMethods(app, itemUrl, "GET", itemsEmpty);
}
