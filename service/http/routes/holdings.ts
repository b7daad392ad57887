import { holdings } from "@/lib/contract/holdings";
import { listCustomerItems, listCustomerTokens, listItemsByTokenId } from "../../domain/holdings";
import { ServiceError } from "../../domain/service-error";
import { getRoute, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { customerParams, tokenIdParams } from "./params";

const schemas = holdings.emit;

export const CUSTOMER_TOKENS_URL = "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID";

export function holdingsRoutes(app: ServiceApp): void {
  // GET /Tokens/{key}/{project}/{CustomerID}
  getRoute(app, {
    url: CUSTOMER_TOKENS_URL,
    summary: "List tokens of a customer",
    params: customerParams,
    response: schemas.CustomerTokensResponse,
    emptyLists: { Data: { Tokens: [] } },
    handler: async ({ params, project }) =>
      ok({ Data: { Tokens: await listCustomerTokens(app.db, project.id, params.CustomerID) } }),
  });

  // GET /Items/{key}/{project}/{CustomerID}
  getRoute(app, {
    url: "/Items/:YourAPIKEY/:ProjectGuid/:CustomerID",
    summary: "List items of a customer",
    params: customerParams,
    response: schemas.ItemsResponse,
    emptyLists: { Items: [] },
    handler: async ({ params, project }) =>
      ok({ Items: await listCustomerItems(app.db, project.id, params.CustomerID) }),
  });

  // GET /Item/{key}/{project}/{TokenID}
  getRoute(app, {
    url: "/Item/:YourAPIKEY/:ProjectGuid/:TokenID",
    summary: "Get the items with one TokenID",
    params: tokenIdParams,
    response: schemas.ItemsResponse,
    emptyLists: { Items: [] },
    handler: async ({ params, project }) => {
      const items = await listItemsByTokenId(app.db, project.id, params.TokenID);
      if (items.length === 0)
        throw new ServiceError("NOT_FOUND", 404, "No item of this project has that TokenID.");
      return ok({ Items: items });
    },
  });
}
