import { z } from "zod";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "./customer-search-rule";
import { envelopeShape } from "./envelope";
import { type Strictness, strictnessTools } from "./strictness";

/**
 * Our customer search extension (docs/service.md, "Customer search"): the customers of a project
 * whose CustomerID contains a fragment, or one of whose wallets starts with it, best matches
 * first. Read with the `read` scope.
 */

export { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH };
/** Customers per page at most, and by default. */
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_PAGE_DEFAULT = 20;

/**
 * How a customer matched, best first: the whole CustomerID (case-insensitive), its start, a
 * wallet's start, anywhere in the CustomerID. A customer is listed once, under its best match.
 */
export const SEARCH_MATCHES = ["exact", "prefix", "wallet", "contains"] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

const fragmentLength = (value: string) => [...value.trim()].length;

/** The query of `GET /Customers/{key}/{project}`. */
export const CustomerSearchQuery = z.object({
  q: z
    .string({ error: "is required: a part of a CustomerID or the start of a wallet address" })
    .refine((value) => fragmentLength(value) >= SEARCH_MIN_LENGTH, {
      error: `must have at least ${SEARCH_MIN_LENGTH} characters`,
      abort: true,
    })
    .refine((value) => fragmentLength(value) <= SEARCH_MAX_LENGTH, {
      error: `must have at most ${SEARCH_MAX_LENGTH} characters`,
    })
    .transform((value) => value.trim()),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${SEARCH_PAGE_MAX}` })
    .refine((n) => Number(n) >= 1 && Number(n) <= SEARCH_PAGE_MAX, {
      error: `must be a whole number from 1 to ${SEARCH_PAGE_MAX}`,
    })
    .optional(),
  cursor: z.string().max(600, { error: "must be the NextCursor of an earlier page" }).optional(),
});
export type CustomerSearchQuery = z.output<typeof CustomerSearchQuery>;

function customerSearchSchemas<L extends Strictness>(level: L) {
  const { object, whole } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const Found = object({
    CustomerID: z.string(),
    Match: (level === "emit" ? z.enum(SEARCH_MATCHES) : z.string()).meta({
      description: "exact, prefix (the CustomerID starts with q), wallet (a wallet does), contains",
    }),
    Wallets: z.array(z.string()).meta({ description: "The customer's wallets that start with q" }),
    TokenCount: whole().meta({ description: "How many tokens the customer holds anything of" }),
    LastActivity: z.string().meta({
      description: 'The latest award or reversal for the customer, ISO 8601 UTC; "" when none',
    }),
  });
  return {
    CustomerSearchResponse: object({
      ...envelope,
      Data: object({
        Customers: z.array(Found),
        NextCursor: z.string().meta({ description: 'Pass as cursor for the next page; "" at the end' }),
        Capped: (level === "emit" ? z.boolean() : z.boolean().optional()).meta({
          description:
            "More IDs contain q than a search ranks (200): the contains matches listed are 200 of them; type more to narrow",
        }),
      }),
    }),
  };
}

export const customerSearch = {
  emit: customerSearchSchemas("emit"),
  accept: customerSearchSchemas("accept"),
};
export type FoundCustomer = z.infer<
  typeof customerSearch.emit.CustomerSearchResponse
>["Data"]["Customers"][number];
