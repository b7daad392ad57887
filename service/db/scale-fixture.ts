import type { FixtureInput } from "./fixture";

/**
 * A generated project for benchmarks (`npm run db:seed -- --scale N`): N customers with 10 items
 * (3 attributes, one dynamic) and 5 holdings each, 1,000 products in 4 languages, 200 prices.
 * Deterministic, so two runs load the same data.
 */

export const SCALE_PROJECT_GUID = "5ca1e000-0000-4000-8000-000000000001";
/** Benchmark data only. */
export const SCALE_API_KEY = "gcc_scale_benchmark_key_0123456789abcdef0123";

const LANGUAGES = ["en", "de", "ja", "es"] as const;
const PRODUCTS = 1_000;
const PRICES = 200;
const TOKENS = 5;
const ITEMS_PER_CUSTOMER = 10;
const HOLDINGS_PER_CUSTOMER = 5;

/** A UUID whose first group names the kind of row and whose last group is its index. */
const guid = (kind: number, index: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
const evmAddress = (index: number) => `0x${index.toString(16).padStart(40, "0")}`;

const tokenGuid = (t: number) => guid(0x10, t);
const dbContract = (t: number) => guid(0x11, t);
const polygonContract = (t: number) => guid(0x12, t);

/** Customer ids of the scale project: `customer-0` … `customer-(N-1)`. */
export const scaleCustomerId = (index: number) => `customer-${index}`;

export function scaleFixture(customers: number): FixtureInput {
  const tokens = Array.from({ length: TOKENS }, (_, t) => ({
    guid: tokenGuid(t),
    symbol: `TK${t}`,
    name: `Token ${t}`,
    image: `https://img.example/token-${t}.png`,
    contracts: [
      { guid: dbContract(t), chain: "DB", address: "" },
      ...(t < 2 ? [{ guid: polygonContract(t), chain: "Polygon", address: evmAddress(0x1000 + t) }] : []),
    ],
  }));
  const products = Array.from({ length: PRODUCTS }, (_, p) => ({
    guid: guid(0x20, p),
    type: p % 3 === 0 ? (4 as const) : (2 as const),
    isUnlimited: p % 3 === 0,
    amount: p % 3 === 0 ? "" : String((p % 50) + 1),
    imageUrl: `https://img.example/product-${p}.png`,
    active: p % 25 !== 24,
    languages: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        [
          { type: "Title" as const, value: `Product ${p} (${language})` },
          { type: "Description" as const, value: `Description of product ${p} in ${language}.` },
        ],
      ]),
    ),
  }));
  const prices = Array.from({ length: PRICES }, (_, p) => ({
    guid: guid(0x30, p),
    currency: p % 2 === 0 ? "EUR" : "TK0",
    amount: `${(p % 90) + 1}.99`,
    discountAmount: p % 4 === 0 ? "10" : "0",
    discountIsPercentage: p % 8 === 0,
    taxIncluded: p % 2 === 0,
    chain: p % 2 === 0 ? "FIAT" : "Polygon",
    fromDate: null,
    toDate: null,
    fromAmount: null,
    toAmount: null,
    active: true,
    products: [0, 1, 2].map((k) => guid(0x20, (p * 5 + k) % PRODUCTS)),
  }));
  const customerList = Array.from({ length: customers }, (_, c) => ({
    id: scaleCustomerId(c),
    holdings: Array.from({ length: HOLDINGS_PER_CUSTOMER }, (_, h) => {
      const t = h % TOKENS;
      const onPolygon = h === 1; // token 1 on Polygon: an EVM wallet
      const isAllowance = h === 4;
      return {
        token: tokenGuid(t),
        contract: onPolygon ? polygonContract(t) : dbContract(t),
        wallet: isAllowance ? "" : onPolygon ? evmAddress(c) : `wallet-${c}`,
        amount: `${(c % 997) + h + 1}.5`,
        isAllowance,
        isMintable: isAllowance,
      };
    }),
    items: Array.from({ length: ITEMS_PER_CUSTOMER }, (_, i) => ({
      guid: guid(0x40 + i, c),
      chain: i % 2 === 0 ? "DB" : "Polygon",
      contract: i % 2 === 0 ? "" : evmAddress(0x2000 + i),
      tokenId: String(c * ITEMS_PER_CUSTOMER + i),
      name: `Item ${i} of customer ${c}`,
      attributes: [
        { name: "Level", value: String(i + 1), isDynamic: false },
        { name: "Rarity", value: ["Common", "Rare", "Epic"][i % 3] as string, isDynamic: false },
        { name: "Durability", value: String(100 - i), isDynamic: true },
      ],
    })),
  }));
  return {
    project: {
      guid: SCALE_PROJECT_GUID,
      name: `Scale project (${customers} customers)`,
      apiKeys: [SCALE_API_KEY],
    },
    chains: [
      { name: "DB", symbol: "DB", addressFormat: null },
      { name: "Polygon", symbol: "MATIC", addressFormat: "evm" },
    ],
    tokens,
    products,
    prices,
    // Deep enough for sustained direct-award benchmarks.
    projectWallet: tokens.flatMap((t) =>
      t.contracts.map((c) => ({ token: t.guid, contract: c.guid, amount: "1000000000000" })),
    ),
    customers: customerList,
  };
}
