import { CustomerSearchQuery, customerSearch } from "@/lib/contract/customer-search";
import { searchCustomers } from "../../domain/customer-search";
import { getRoute, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { projectParams } from "./params";

/** Our customer search extension (docs/service.md, "Customer search"): the `read` scope. */
export function customerRoutes(app: ServiceApp): void {
  // GET /Customers/{key}/{project}?q=…&limit=…&cursor=…
  getRoute(app, {
    url: "/Customers/:YourAPIKEY/:ProjectGuid",
    summary:
      "Extension: customers whose CustomerID contains q, or one of whose wallets starts with it (case-insensitive), best matches first",
    params: projectParams,
    querystring: CustomerSearchQuery,
    response: customerSearch.emit.CustomerSearchResponse,
    emptyLists: { Data: { Customers: [], NextCursor: "", Capped: false } },
    handler: async ({ query, project }) => ok({ Data: await searchCustomers(app.db, project.id, query) }),
  });
}
