import { holdings } from "@/lib/contract/holdings";
import { customerRowTag, playerTag } from "../../cache/player-tags";
import {
  type CustomerRead,
  listItemsByTokenId,
  readCustomerItems,
  readCustomerTokens,
} from "../../domain/holdings";
import { ServiceError } from "../../domain/service-error";
import { cachedGetRoute } from "../cached-route";
import { getRoute, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { customerParams, tokenIdParams } from "./params";

const schemas = holdings.emit;

export const CUSTOMER_TOKENS_URL = "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID";

/**
 * A player's answer is kept per customer until that customer's balances change (docs/service.md,
 * "Caches"); a customer the database does not know, or who holds nothing, is read every time.
 */
const perPlayer = {
  cache: "players",
  variant: (params: { CustomerID: string }) => params.CustomerID,
  tags: ({ params, project }: { params: { CustomerID: string }; project: { id: number } }) => [
    playerTag(project.id, params.CustomerID),
  ],
} as const;

const kept = <T>(read: CustomerRead<T>) =>
  read.customerRowId === null ? { keep: false } : { tags: [customerRowTag(read.customerRowId)] };

export function holdingsRoutes(app: ServiceApp): void {
  // GET /Tokens/{key}/{project}/{CustomerID}
  cachedGetRoute(app, {
    ...perPlayer,
    url: CUSTOMER_TOKENS_URL,
    summary: "List tokens of a customer",
    params: customerParams,
    response: schemas.CustomerTokensResponse,
    emptyLists: { Data: { Tokens: [] } },
    rawTotals: true,
    load: async ({ params, project }) => {
      const read = await readCustomerTokens(app.db, project.id, params.CustomerID);
      return { value: ok({ Data: { Tokens: read.list } }), ...kept(read) };
    },
  });

  // GET /Items/{key}/{project}/{CustomerID}
  cachedGetRoute(app, {
    ...perPlayer,
    url: "/Items/:YourAPIKEY/:ProjectGuid/:CustomerID",
    summary: "List items of a customer",
    params: customerParams,
    response: schemas.ItemsResponse,
    emptyLists: { Items: [] },
    load: async ({ params, project }) => {
      const read = await readCustomerItems(app.db, project.id, params.CustomerID);
      return { value: ok({ Items: read.list }), ...kept(read) };
    },
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
