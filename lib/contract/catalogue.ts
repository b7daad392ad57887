import { z } from "zod";
import { envelopeShape } from "./envelope";
import { dateText, decimalText, priceText } from "./fields";
import { type Strictness, strictnessTools } from "./strictness";
import { ADDRESS_FORMATS } from "./wallet-address";

/** The product type table of the spec (docs/service.md, "Resources", rule 12). */
export const PRODUCT_TYPES = [
  { value: "2", name: "Item" },
  { value: "4", name: "Subscription" },
] as const;

export const TEXT_TYPES = ["Title", "Description"] as const;

function catalogueSchemas<L extends Strictness>(level: L) {
  const { object, extension } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const emit = level === "emit";

  const TextEntry = object({
    Value: z.string(),
    Type: emit ? z.enum(TEXT_TYPES) : z.string(),
  });
  /** One object per language: its single key is the language code. */
  const LanguageTexts = z.record(z.string(), z.array(TextEntry));

  const Product = object({
    Guid: z.string(),
    IsUnlimited: z.boolean(),
    Amount: emit ? z.union([z.literal(""), decimalText]) : z.string(),
    ImageUrl: z.string(),
    Type: z.string(),
    Languages: z.array(LanguageTexts),
  });

  const Price = object({
    Currency: z.string(),
    FromDate: emit ? dateText : z.string(),
    ToDate: emit ? dateText : z.string(),
    FromAmount: z
      .string()
      .meta({ description: 'Lower bound of the quantity tier, integer text, "" when unbounded' }),
    ToAmount: z
      .string()
      .meta({ description: 'Upper bound of the quantity tier, integer text, "" when unbounded' }),
    Amount: emit ? priceText : z.string(),
    DiscountAmount: emit ? priceText : z.string(),
    DiscountIsPercentage: z.boolean(),
    TaxIncludedInPrice: emit ? z.enum(["true", "false"]) : z.string(),
    Chain: z.string(),
    PriceGuid: z.string(),
    Products: z.array(Product),
  });

  const ProductType = object({ value: z.string(), name: z.string() });

  const ProjectToken = object({
    Symbol: z.string(),
    Guid: z.string(),
    Name: z.string(),
    Contracts: z.array(
      object({
        ChainName: z.string(),
        ContractGuid: z.string(),
        // A service that says nothing leaves the console to guess the format from the chain's name.
        AddressFormat: extension(z.enum(ADDRESS_FORMATS).nullable()).meta({
          description:
            'Extension: the format a direct award\'s Wallet must have on this chain ("evm"), or null for any',
        }),
      }),
    ),
  });

  return {
    TextEntry,
    Product,
    Price,
    ProjectToken,
    // The spec lets the price list omit its envelope; ours always sends it.
    PricesResponse: object({
      isError: emit ? envelope.isError : envelope.isError.optional(),
      Error: emit ? envelope.Error : envelope.Error.optional(),
      ErrorCode: envelope.ErrorCode,
      Prices: z.array(Price),
    }),
    ProductsResponse: object({
      ...envelope,
      Data: object({ Types: z.array(ProductType), Products: z.array(Product) }),
    }),
    ProjectTokensResponse: object({ ...envelope, Data: object({ Tokens: z.array(ProjectToken) }) }),
  };
}

export const catalogue = { emit: catalogueSchemas("emit"), accept: catalogueSchemas("accept") };

export type Product = z.infer<typeof catalogue.emit.Product>;
export type Price = z.infer<typeof catalogue.emit.Price>;
export type ProjectToken = z.infer<typeof catalogue.emit.ProjectToken>;
export type PricesResponse = z.infer<typeof catalogue.emit.PricesResponse>;
export type ProductsResponse = z.infer<typeof catalogue.emit.ProductsResponse>;
export type ProjectTokensResponse = z.infer<typeof catalogue.emit.ProjectTokensResponse>;
