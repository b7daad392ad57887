import { z } from "zod";
import { TEXT_TYPES } from "@/lib/contract/catalogue";
import { decimalProblem } from "@/lib/contract/decimal";
import { customerId, tokenId, uuid } from "@/lib/contract/fields";
import { describeIssues } from "@/lib/contract/issues";
import { textProblem } from "@/lib/contract/text-rule";
import { ADDRESS_FORMATS, addressProblem } from "@/lib/contract/wallet-address";

/**
 * The project fixture format (docs/service.md, "Data in"): JSON, every list kept in order, amounts as decimal
 * strings. References (`token`, `contract`, price `products`, `chain`) point into the fixture
 * itself and are checked here, so an import never fails half-way on a dangling reference.
 */

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A text the import stores: the rule of all stored text (lib/contract/text-rule.ts). */
const text = z.string({ error: "must be a string" }).check((ctx) => {
  const problem = textProblem(ctx.value);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
});
const flag = z.boolean({ error: "must be true or false" });

const decimal = (rule: { positive?: boolean; places?: number }) =>
  z.string({ error: "must be a decimal string" }).check((ctx) => {
    const problem = decimalProblem(ctx.value);
    let message: string | null = null;
    if (problem === "format") message = 'must be a plain decimal string such as "12.5"';
    else if (problem) message = "must have at most 60 integer digits and 18 decimal places";
    else if (ctx.value.startsWith("-")) message = "must not be negative";
    else if (rule.positive && /^[0.]+$/.test(ctx.value)) message = "must be greater than 0";
    else if (
      rule.places !== undefined &&
      (ctx.value.split(".")[1] ?? "").replace(/0+$/, "").length > rule.places
    ) {
      message = `must have at most ${rule.places} decimal places`;
    }
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

/** "" or null mean "unset" for optional values. */
const unset = z.union([z.literal(""), z.null()]).transform(() => null);
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([unset, schema])
    .optional()
    .transform((v) => v ?? null);

const isoDate = z
  .string()
  .regex(ISO_UTC, { error: "must be an ISO 8601 UTC date such as 2026-01-31T00:00:00Z" })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "is not a real date" });
const integerText = z.string().regex(/^\d{1,78}$/, { error: "must be a whole number as text" });

const chain = z.object({
  name: text.min(1, { error: "must not be empty" }),
  symbol: text.min(1, { error: "must not be empty" }),
  addressFormat: z.enum(ADDRESS_FORMATS, { error: 'must be "evm" or null' }).nullable().default(null),
});

const token = z.object({
  guid: uuid,
  symbol: text.min(1, { error: "must not be empty" }),
  name: text,
  image: text.default(""),
  contracts: z.array(z.object({ guid: uuid, chain: text, address: text.default("") })).default([]),
});

const product = z.object({
  guid: uuid,
  type: z.union([z.literal(2), z.literal(4)], { error: "must be 2 (Item) or 4 (Subscription)" }),
  isUnlimited: flag,
  amount: optional(decimal({})),
  imageUrl: text.default(""),
  active: flag.default(true),
  languages: z.record(
    text.min(1),
    z.array(
      z
        .object({
          type: z.enum(TEXT_TYPES, { error: 'must be "Title" or "Description"' }),
          value: z.string({ error: "must be a string" }),
        })
        .check((ctx) => {
          // A Description may run over several lines; a Title is one line like any other text.
          const multiLine = ctx.value.type === "Description";
          const problem = textProblem(ctx.value.value, { multiLine });
          if (problem)
            ctx.issues.push({ code: "custom", path: ["value"], message: problem, input: ctx.value });
        }),
    ),
  ),
});

const price = z.object({
  guid: uuid,
  currency: text.min(1, { error: "must not be empty" }),
  amount: decimal({ places: 3 }),
  discountAmount: decimal({ places: 3 }).default("0"),
  discountIsPercentage: flag.default(false),
  taxIncluded: flag.default(false),
  chain: text.min(1, { error: "must not be empty" }),
  fromDate: optional(isoDate),
  toDate: optional(isoDate),
  fromAmount: optional(integerText),
  toAmount: optional(integerText),
  active: flag.default(true),
  products: z.array(uuid),
});

const holding = z.object({
  token: uuid,
  contract: uuid,
  wallet: text.max(128, { error: "must be at most 128 characters" }).default(""),
  amount: decimal({ positive: true }),
  isAllowance: flag.default(false),
  isMintable: flag.default(false),
});

const item = z.object({
  guid: uuid,
  chain: text,
  contract: text.default(""),
  tokenId,
  name: text,
  attributes: z.array(z.object({ name: text, value: text, isDynamic: flag.default(false) })).default([]),
});

const customer = z.object({
  id: customerId,
  holdings: z.array(holding).default([]),
  items: z.array(item).default([]),
});

const shape = z.object({
  project: z.object({
    guid: uuid,
    name: text.min(1, { error: "must not be empty" }),
    apiKeys: z.array(text.min(8, { error: "must be at least 8 characters" })).default([]),
  }),
  chains: z.array(chain).default([]),
  tokens: z.array(token).default([]),
  products: z.array(product).default([]),
  prices: z.array(price).default([]),
  projectWallet: z
    .array(z.object({ token: uuid, contract: uuid, amount: decimal({ positive: true }) }))
    .default([]),
  customers: z.array(customer).default([]),
});

type Shape = z.output<typeof shape>;
type Ctx = z.core.$RefinementCtx<Shape>;

function duplicates<T>(
  ctx: Ctx,
  list: readonly T[],
  key: (value: T) => string,
  path: (i: number) => PropertyKey[],
  what: string,
) {
  const seen = new Map<string, number>();
  list.forEach((value, index) => {
    const k = key(value);
    const first = seen.get(k);
    if (first !== undefined)
      ctx.addIssue({ code: "custom", path: path(index), message: `repeats ${what} of entry ${first}` });
    else seen.set(k, index);
  });
}

/** Every reference inside the fixture resolves, and nothing is defined twice. */
function checkReferences(fixture: Shape, ctx: Ctx): void {
  const chains = new Map(fixture.chains.map((c) => [c.name.toUpperCase(), c]));
  duplicates(
    ctx,
    fixture.chains,
    (c) => c.name.toUpperCase(),
    (i) => ["chains", i, "name"],
    "the name",
  );
  const contractsOf = new Map<string, Map<string, { chain: string }>>();
  const allContracts: { guid: string; path: PropertyKey[] }[] = [];
  fixture.tokens.forEach((t, ti) => {
    const contracts = new Map<string, { chain: string }>();
    t.contracts.forEach((c, ci) => {
      if (!chains.has(c.chain.toUpperCase())) {
        ctx.addIssue({
          code: "custom",
          path: ["tokens", ti, "contracts", ci, "chain"],
          message: `"${c.chain}" is not a chain of this fixture`,
        });
      }
      contracts.set(c.guid.toLowerCase(), { chain: c.chain });
      allContracts.push({ guid: c.guid.toLowerCase(), path: ["tokens", ti, "contracts", ci, "guid"] });
    });
    contractsOf.set(t.guid.toLowerCase(), contracts);
  });
  duplicates(
    ctx,
    fixture.tokens,
    (t) => t.guid.toLowerCase(),
    (i) => ["tokens", i, "guid"],
    "the guid",
  );
  duplicates(
    ctx,
    allContracts,
    (c) => c.guid,
    (i) => allContracts[i]?.path ?? [],
    "the contract guid",
  );
  duplicates(
    ctx,
    fixture.products,
    (p) => p.guid.toLowerCase(),
    (i) => ["products", i, "guid"],
    "the guid",
  );
  duplicates(
    ctx,
    fixture.prices,
    (p) => p.guid.toLowerCase(),
    (i) => ["prices", i, "guid"],
    "the guid",
  );
  duplicates(
    ctx,
    fixture.customers,
    (c) => c.id,
    (i) => ["customers", i, "id"],
    "the id",
  );

  const productGuids = new Set(fixture.products.map((p) => p.guid.toLowerCase()));
  fixture.prices.forEach((p, pi) => {
    if (p.chain.toUpperCase() !== "FIAT" && !chains.has(p.chain.toUpperCase())) {
      ctx.addIssue({
        code: "custom",
        path: ["prices", pi, "chain"],
        message: `"${p.chain}" is neither FIAT nor a chain of this fixture`,
      });
    }
    p.products.forEach((guid, i) => {
      if (!productGuids.has(guid.toLowerCase())) {
        ctx.addIssue({
          code: "custom",
          path: ["prices", pi, "products", i],
          message: `${guid} is not a product of this fixture`,
        });
      }
    });
  });

  const checkLine = (line: { token: string; contract: string }, path: PropertyKey[]) => {
    const contracts = contractsOf.get(line.token.toLowerCase());
    if (!contracts) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "token"],
        message: `${line.token} is not a token of this fixture`,
      });
      return null;
    }
    const contract = contracts.get(line.contract.toLowerCase());
    if (!contract) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "contract"],
        message: `${line.contract} is not a contract of that token`,
      });
      return null;
    }
    return contract;
  };
  fixture.projectWallet.forEach((line, i) => {
    checkLine(line, ["projectWallet", i]);
  });
  const itemGuids: { guid: string; path: PropertyKey[] }[] = [];
  fixture.customers.forEach((c, ci) => {
    c.holdings.forEach((h, hi) => {
      const path = ["customers", ci, "holdings", hi];
      const contract = checkLine(h, path);
      if (h.isAllowance && h.wallet !== "") {
        ctx.addIssue({ code: "custom", path: [...path, "wallet"], message: 'must be "" for an allowance' });
      }
      if (!h.isAllowance && h.wallet === "") {
        ctx.addIssue({
          code: "custom",
          path: [...path, "wallet"],
          message: "is required for a distributed holding",
        });
      }
      const format = contract ? (chains.get(contract.chain.toUpperCase())?.addressFormat ?? null) : null;
      const addressRule =
        h.isAllowance || !contract ? null : addressProblem(format, h.wallet, contract.chain);
      if (addressRule) ctx.addIssue({ code: "custom", path: [...path, "wallet"], message: addressRule });
    });
    c.items.forEach((item, ii) => {
      if (!chains.has(item.chain.toUpperCase())) {
        ctx.addIssue({
          code: "custom",
          path: ["customers", ci, "items", ii, "chain"],
          message: `"${item.chain}" is not a chain of this fixture`,
        });
      }
      itemGuids.push({ guid: item.guid.toLowerCase(), path: ["customers", ci, "items", ii, "guid"] });
    });
  });
  duplicates(
    ctx,
    itemGuids,
    (i) => i.guid,
    (i) => itemGuids[i]?.path ?? [],
    "the item guid",
  );
}

export const Fixture = shape.superRefine(checkReferences);
export type Fixture = z.output<typeof Fixture>;
export type FixtureInput = z.input<typeof Fixture>;

/** Thrown for a fixture that breaks the format; the message names the JSON path and the rule. */
export class FixtureError extends Error {}

export function parseFixture(data: unknown): Fixture {
  const result = Fixture.safeParse(data);
  if (!result.success) throw new FixtureError(`Invalid fixture: ${describeIssues(result.error.issues)}`);
  return result.data;
}
