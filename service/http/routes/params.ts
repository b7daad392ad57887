import { isIP } from "node:net";
import { z } from "zod";
import { customerId, tokenId, uuid } from "@/lib/contract/fields";

/** Path parameters shared by every GET route; the key guard has already checked both. */
export const keyParams = {
  YourAPIKEY: z.string().meta({ description: "The project's API key" }),
  ProjectGuid: uuid.meta({ description: "The project's GUID" }),
};

export const customerParams = z.object({
  ...keyParams,
  CustomerID: customerId.meta({ description: "The game's own player identifier" }),
});
export const tokenIdParams = z.object({
  ...keyParams,
  TokenID: tokenId.meta({ description: "An item's TokenID (the same on every chain)" }),
});
export const requestIdParams = z.object({
  ...keyParams,
  RequestID: uuid.meta({ description: "The award's RequestID" }),
});
export const projectParams = z.object(keyParams);

const CHAIN_NAME = /^[^,\s][^,]*$/;

/** `all`, or chain names separated by commas (docs/service.md, "Identifiers and parameters", rule 5). */
const chains = z
  .string()
  .transform((value, ctx) => {
    if (value.toLowerCase() === "all") return "all" as const;
    const names = value.split(",").map((name) => name.trim());
    if (names.some((name) => !CHAIN_NAME.test(name))) {
      ctx.addIssue({ code: "custom", message: 'must be "all" or a comma-separated list of chain names' });
      return z.NEVER;
    }
    return names;
  })
  .meta({
    description: '"all", or chain names separated by commas (case-insensitive; FIAT for fiat prices)',
  });

const isAll = z
  .string()
  .transform((value, ctx) => {
    const lower = value.toLowerCase();
    if (lower === "true" || lower === "1") return true;
    if (lower === "false" || lower === "0") return false;
    ctx.addIssue({ code: "custom", message: "must be true, false, 1 or 0" });
    return z.NEVER;
  })
  .meta({ description: "true: also scheduled and expired prices; false: only prices valid now" });

export const pricesParams = z.object({ ...keyParams, Chains: chains, IsAll: isAll });

export const pricesQuery = z.object({
  IP: z
    .string()
    .refine((value) => isIP(value) !== 0, { error: "must be an IPv4 or IPv6 address" })
    .optional()
    .meta({ description: "The buyer's IP address; recorded in the request log, no effect on pricing" }),
});
