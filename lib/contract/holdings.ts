import { z } from "zod";
import { envelopeShape } from "./envelope";
import { decimalText } from "./fields";
import { NumberLiteral } from "./number-literal";
import { type Strictness, strictnessTools } from "./strictness";

/**
 * A customer token's `Total` is a JSON number on the wire (spec) written with the exact digits
 * of the sum (docs/service.md, "Values", rule 7). In TypeScript it is the decimal text either way: the service
 * writes the text as a bare number, a lossless client reads the literal back as text.
 */
const totalEmit = decimalText.meta({
  type: "number",
  description: "Exact sum of the details, as a JSON number",
});
const totalAccept = z
  .union([z.instanceof(NumberLiteral).transform((literal) => literal.text), z.number().transform(String)])
  .meta({ type: "number" });

function holdingsSchemas<L extends Strictness>(level: L) {
  const { object } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const emit = level === "emit";

  const TokenDetail = object({
    Wallet: z.string().meta({ description: 'Wallet address; "" for an allowance' }),
    Amount: emit ? decimalText : z.string(),
    ChainName: z.string(),
    ContractGuid: z.string(),
    IsAllowance: z.boolean(),
  });

  const CustomerToken = object({
    Total: (emit ? totalEmit : totalAccept) as z.ZodType<string, unknown>,
    TokenSymbol: z.string(),
    Guid: z.string(),
    Name: z.string(),
    Image: z.string(),
    Details: z.array(TokenDetail),
  });

  const Attribute = object({ Name: z.string(), Value: z.string(), IsDynamic: z.boolean() });

  const Item = object({
    Chain: z.string(),
    ChainSymbol: z.string(),
    Guid: z.string(),
    Name: z.string(),
    TokenID: z.string(),
    Attributes: z.array(Attribute),
  });

  return {
    TokenDetail,
    CustomerToken,
    Item,
    CustomerTokensResponse: object({ ...envelope, Data: object({ Tokens: z.array(CustomerToken) }) }),
    ItemsResponse: object({ ...envelope, Items: z.array(Item) }),
  };
}

export const holdings = { emit: holdingsSchemas("emit"), accept: holdingsSchemas("accept") };

export type TokenDetail = z.infer<typeof holdings.emit.TokenDetail>;
export type CustomerToken = z.infer<typeof holdings.emit.CustomerToken>;
export type Item = z.infer<typeof holdings.emit.Item>;
export type CustomerTokensResponse = z.infer<typeof holdings.emit.CustomerTokensResponse>;
export type ItemsResponse = z.infer<typeof holdings.emit.ItemsResponse>;
