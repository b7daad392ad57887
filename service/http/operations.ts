/**
 * Every operation of the API as the OpenAPI document names it (docs/service.md, "The OpenAPI
 * document"): a stable `operationId` (what a generated client calls its method: C# for Unity,
 * TypeScript, …), its tag and a description. Keyed by method and path as the document writes
 * them. A route without an entry stops the document from being made, so a new endpoint cannot
 * ship unnamed (service/http/openapi.http.test.ts).
 */

export const OPERATION_TAGS = [
  { name: "Catalogue", description: "The project's products, prices and tokens (the spec)." },
  { name: "Holdings", description: "What a customer holds: token balances and items (the spec)." },
  {
    name: "Awards",
    description:
      "Awarding tokens (the spec), and our extensions to read an award, fund the project wallet and see its queue.",
  },
  { name: "Reversals", description: "Extension: taking back an award, or cancelling a queued one." },
  {
    name: "Customers",
    description: "Extension: finding a customer from part of its ID or a wallet's start.",
  },
  { name: "Keys", description: "Extension: the project's API keys, managed with the keys scope." },
  {
    name: "Request log",
    description: "Extension: what the service saw of each call the project's keys made.",
  },
  {
    name: "Webhooks",
    description: "Extension: signed events sent to the project's endpoints, their delivery log and replays.",
  },
  { name: "Service", description: "Extension: the service's own health." },
] as const;

export type OperationTag = (typeof OPERATION_TAGS)[number]["name"];

export interface Operation {
  operationId: string;
  tag: OperationTag;
  description: string;
}

const KEYED = "{YourAPIKEY}/{ProjectGuid}";

export const OPERATIONS: Readonly<Record<string, Operation>> = {
  [`GET /Products/${KEYED}`]: {
    operationId: "listProducts",
    tag: "Catalogue",
    description: "The project's active products, each with its texts in every language it has.",
  },
  [`GET /Prices/${KEYED}/{Chains}/{IsAll}`]: {
    operationId: "listPrices",
    tag: "Catalogue",
    description:
      "The project's active prices, in fiat or on the chains named, with the products each sells; IsAll also lists prices not yet or no longer valid.",
  },
  [`GET /Tokens/${KEYED}`]: {
    operationId: "listTokens",
    tag: "Catalogue",
    description:
      "The project's tokens, each with its contracts per chain and the address format a wallet must have.",
  },
  [`GET /Tokens/${KEYED}/{CustomerID}`]: {
    operationId: "listCustomerTokens",
    tag: "Holdings",
    description:
      "A customer's token balances: allowances and wallets, per token and contract, as exact decimals.",
  },
  [`GET /Items/${KEYED}/{CustomerID}`]: {
    operationId: "listCustomerItems",
    tag: "Holdings",
    description: "A customer's items with their attributes.",
  },
  [`GET /Item/${KEYED}/{TokenID}`]: {
    operationId: "listItemsByTokenId",
    tag: "Holdings",
    description: "Every item with one TokenID, on every chain it exists on.",
  },
  "POST /AwardTokens": {
    operationId: "awardTokens",
    tag: "Awards",
    description:
      "Awards tokens to a customer, as an allowance or a direct distribution that waits in the queue when the project wallet lacks funds. The RequestID makes it safe to retry: a repeat answers as the first call did.",
  },
  [`GET /Awards/${KEYED}/{RequestID}`]: {
    operationId: "getAward",
    tag: "Awards",
    description:
      "Extension: one award by its RequestID, its status, its reversals and what of it remains in effect.",
  },
  "POST /FundWallet": {
    operationId: "fundWallet",
    tag: "Awards",
    description:
      "Extension: credits the project wallet, then settles the queued awards it covers in order. Idempotent by RequestID.",
  },
  [`GET /Wallet/${KEYED}`]: {
    operationId: "getWallet",
    tag: "Awards",
    description:
      "Extension: the project wallet's balance per contract and the queue of waiting awards, oldest first.",
  },
  "POST /ReverseAward": {
    operationId: "reverseAward",
    tag: "Reversals",
    description:
      "Extension: takes back part or all of what an award still holds in effect, or cancels a queued one. Needs the reverse scope; idempotent by ReversalID.",
  },
  [`GET /Customers/${KEYED}`]: {
    operationId: "searchCustomers",
    tag: "Customers",
    description:
      "Extension: the customers whose CustomerID contains q, or one of whose wallets starts with it, best matches first, by cursor.",
  },
  [`GET /Keys/${KEYED}`]: {
    operationId: "listKeys",
    tag: "Keys",
    description: "Extension: the project's API keys with their scopes, caps and use; never a secret.",
  },
  "POST /Keys": {
    operationId: "createKey",
    tag: "Keys",
    description:
      "Extension: makes an API key with at most the calling key's scopes and caps; its secret is answered once.",
  },
  "POST /Keys/Roll": {
    operationId: "rollKey",
    tag: "Keys",
    description: "Extension: a new secret for a key; the old one keeps working until its grace period ends.",
  },
  "POST /Keys/Revoke": {
    operationId: "revokeKey",
    tag: "Keys",
    description: "Extension: revokes a key; every instance refuses it within a second.",
  },
  [`GET /Requests/${KEYED}`]: {
    operationId: "listRequests",
    tag: "Request log",
    description: "Extension: the calls the project's keys made, newest first, filtered and paged by cursor.",
  },
  [`GET /Requests/Errors/${KEYED}`]: {
    operationId: "listRequestErrors",
    tag: "Request log",
    description: "Extension: the project's failed calls grouped by route, status and error.",
  },
  [`GET /Webhooks/${KEYED}`]: {
    operationId: "listWebhookEndpoints",
    tag: "Webhooks",
    description: "Extension: the project's webhook endpoints and their health; never a secret.",
  },
  [`GET /Webhooks/Deliveries/${KEYED}`]: {
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    description: "Extension: the project's webhook deliveries, newest first, each with every attempt.",
  },
  "POST /Webhooks": {
    operationId: "createWebhookEndpoint",
    tag: "Webhooks",
    description:
      "Extension: adds an endpoint the project's events are sent to; its signing secret is answered once.",
  },
  "POST /Webhooks/Update": {
    operationId: "updateWebhookEndpoint",
    tag: "Webhooks",
    description:
      "Extension: changes an endpoint's URL, description, event types or thresholds, or disables or enables it.",
  },
  "POST /Webhooks/Delete": {
    operationId: "deleteWebhookEndpoint",
    tag: "Webhooks",
    description: "Extension: deletes an endpoint with its delivery log.",
  },
  "POST /Webhooks/RollSecret": {
    operationId: "rollWebhookSecret",
    tag: "Webhooks",
    description:
      "Extension: a new signing secret for an endpoint; the old one signs too until the grace period ends.",
  },
  "POST /Webhooks/Resend": {
    operationId: "resendWebhookEvents",
    tag: "Webhooks",
    description:
      "Extension: sends one event to an endpoint again, or every delivery to it that failed since a time.",
  },
  "POST /Webhooks/Test": {
    operationId: "sendTestWebhook",
    tag: "Webhooks",
    description: "Extension: sends a webhook.test event to one endpoint now.",
  },
  "GET /health": {
    operationId: "getHealth",
    tag: "Service",
    description: "Extension: 200 when the service and its database answer, 503 otherwise. No key.",
  },
};

/** The entry of a route: Fastify's path (`:param`, with the API's prefix) in the document's form. */
export function operationOf(method: string, url: string, prefix: string): Operation | undefined {
  const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return OPERATIONS[`${method} ${path.replace(/:(\w+)/g, "{$1}")}`];
}
