/**
 * A small project in the fixture format of docs/service.md, "Data in", built for the HTTP tests: every rule has
 * something to bite on. GUIDs of the main project are stored in UPPER case so that tests can
 * show that lookups ignore case and answers keep the stored case (rule 3).
 */

export const PROJECT = "A0000000-0000-4000-8000-000000000001";
export const OTHER_PROJECT = "b0000000-0000-4000-8000-000000000002";
export const KEY = "test-key-one-0123456789abcdef0123456789abcdef";
export const SECOND_KEY = "test-key-two-0123456789abcdef0123456789abcdef";
export const OTHER_KEY = "other-project-key-0123456789abcdef0123456789";

export const GOLD = "A1000000-0000-4000-8000-000000000001";
export const GOLD_DB = "C1000000-0000-4000-8000-000000000001";
export const GEM = "A2000000-0000-4000-8000-000000000002";
export const GEM_DB = "C2000000-0000-4000-8000-000000000002";
export const GEM_POLYGON = "C2000000-0000-4000-8000-000000000003";
export const ORPHAN = "A3000000-0000-4000-8000-000000000003";

export const PRODUCT_SWORD = "D1000000-0000-4000-8000-000000000001";
export const PRODUCT_PASS = "D2000000-0000-4000-8000-000000000002";
export const PRODUCT_HIDDEN = "D3000000-0000-4000-8000-000000000003";

export const PRICE_FIAT = "E1000000-0000-4000-8000-000000000001";
export const PRICE_POLYGON = "E2000000-0000-4000-8000-000000000002";
export const PRICE_SCHEDULED = "E3000000-0000-4000-8000-000000000003";
export const PRICE_EXPIRED = "E4000000-0000-4000-8000-000000000004";
export const PRICE_INACTIVE = "E5000000-0000-4000-8000-000000000005";

export const PLAYER = "player-1";
/** Needs percent-encoding in a path: a slash, a percent sign, a space and non-ASCII. */
export const AWKWARD_PLAYER = "spieler ü/50%";
export const EVM_WALLET = "0x52908400098527886E0F7030069857D2E4169EE7";

const day = 86_400_000;
const iso = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * day).toISOString().replace(/\.\d{3}Z$/, "Z");

export function testFixture() {
  return {
    project: { guid: PROJECT, name: "Test project", apiKeys: [KEY, SECOND_KEY] },
    chains: [
      { name: "DB", symbol: "DB", addressFormat: null },
      { name: "Polygon", symbol: "MATIC", addressFormat: "evm" as const },
    ],
    tokens: [
      {
        guid: GOLD,
        symbol: "GOLD",
        name: "Gold",
        image: "https://img.test/gold.png",
        contracts: [{ guid: GOLD_DB, chain: "DB", address: "" }],
      },
      {
        guid: GEM,
        symbol: "GEM",
        name: "Gem",
        image: "https://img.test/gem.png",
        contracts: [
          { guid: GEM_DB, chain: "DB", address: "" },
          { guid: GEM_POLYGON, chain: "Polygon", address: "0x1111111111111111111111111111111111111111" },
        ],
      },
      { guid: ORPHAN, symbol: "NONE", name: "No contract", image: "", contracts: [] },
    ],
    products: [
      {
        guid: PRODUCT_SWORD,
        type: 2,
        isUnlimited: false,
        amount: "25",
        imageUrl: "https://img.test/sword.png",
        active: true,
        languages: {
          en: [
            { type: "Title" as const, value: "Sword" },
            { type: "Description" as const, value: "Sharp." },
          ],
          de: [{ type: "Title" as const, value: "Schwert" }],
          ja: [{ type: "Title" as const, value: "剣" }],
        },
      },
      {
        guid: PRODUCT_PASS,
        type: 4,
        isUnlimited: true,
        amount: "",
        imageUrl: "https://img.test/pass.png",
        active: true,
        languages: { en: [{ type: "Title" as const, value: "Season pass" }] },
      },
      {
        guid: PRODUCT_HIDDEN,
        type: 2,
        isUnlimited: false,
        amount: "1.5",
        imageUrl: "",
        active: false,
        languages: { en: [{ type: "Title" as const, value: "Hidden" }] },
      },
    ],
    prices: [
      {
        guid: PRICE_FIAT,
        currency: "EUR",
        amount: "9.99",
        discountAmount: "10",
        discountIsPercentage: true,
        taxIncluded: true,
        chain: "FIAT",
        fromDate: null,
        toDate: null,
        fromAmount: "1",
        toAmount: "10",
        active: true,
        products: [PRODUCT_SWORD, PRODUCT_HIDDEN],
      },
      {
        guid: PRICE_POLYGON,
        currency: "GEM",
        amount: "120.5",
        discountAmount: "0.5",
        discountIsPercentage: false,
        taxIncluded: false,
        chain: "Polygon",
        fromDate: iso(-10),
        toDate: iso(10),
        fromAmount: null,
        toAmount: null,
        active: true,
        products: [PRODUCT_PASS],
      },
      {
        guid: PRICE_SCHEDULED,
        currency: "USD",
        amount: "5",
        discountAmount: "0",
        discountIsPercentage: false,
        taxIncluded: true,
        chain: "FIAT",
        fromDate: iso(5),
        toDate: null,
        fromAmount: null,
        toAmount: null,
        active: true,
        products: [PRODUCT_SWORD],
      },
      {
        guid: PRICE_EXPIRED,
        currency: "USD",
        amount: "4",
        discountAmount: "0",
        discountIsPercentage: false,
        taxIncluded: true,
        chain: "FIAT",
        fromDate: iso(-20),
        toDate: iso(-5),
        fromAmount: null,
        toAmount: null,
        active: true,
        products: [PRODUCT_SWORD],
      },
      {
        guid: PRICE_INACTIVE,
        currency: "USD",
        amount: "3",
        discountAmount: "0",
        discountIsPercentage: false,
        taxIncluded: true,
        chain: "FIAT",
        fromDate: null,
        toDate: null,
        fromAmount: null,
        toAmount: null,
        active: false,
        products: [PRODUCT_SWORD],
      },
    ],
    projectWallet: [
      { token: GOLD, contract: GOLD_DB, amount: "1000" },
      { token: GEM, contract: GEM_DB, amount: "5" },
    ],
    customers: [
      {
        id: PLAYER,
        holdings: [
          {
            token: GOLD,
            contract: GOLD_DB,
            wallet: "wallet-a",
            amount: "100",
            isAllowance: false,
            isMintable: false,
          },
          {
            token: GOLD,
            contract: GOLD_DB,
            wallet: "wallet-b",
            amount: "23.5",
            isAllowance: false,
            isMintable: false,
          },
          { token: GEM, contract: GEM_POLYGON, wallet: "", amount: "7", isAllowance: true, isMintable: true },
          {
            token: GEM,
            contract: GEM_POLYGON,
            wallet: EVM_WALLET,
            amount: "0.000000000000000001",
            isAllowance: false,
            isMintable: false,
          },
        ],
        items: [
          {
            guid: "F1000000-0000-4000-8000-000000000001",
            chain: "DB",
            contract: "",
            tokenId: "42",
            name: "Shield",
            attributes: [
              { name: "Defense", value: "12", isDynamic: false },
              { name: "Durability", value: "80", isDynamic: true },
            ],
          },
          {
            guid: "F2000000-0000-4000-8000-000000000002",
            chain: "Polygon",
            contract: "0x2222222222222222222222222222222222222222",
            tokenId: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
            name: "Dragon",
            attributes: [],
          },
        ],
      },
      {
        id: AWKWARD_PLAYER,
        holdings: [
          { token: GOLD, contract: GOLD_DB, wallet: "w", amount: "1", isAllowance: false, isMintable: false },
        ],
        items: [
          {
            guid: "F3000000-0000-4000-8000-000000000003",
            chain: "Polygon",
            contract: "0x3333333333333333333333333333333333333333",
            tokenId: "42",
            name: "Polygon shield",
            attributes: [{ name: "Defense", value: "14", isDynamic: false }],
          },
        ],
      },
    ],
  };
}

/** A second project, so that keys of one cannot read the other (rule 2). */
export function otherFixture() {
  return {
    project: { guid: OTHER_PROJECT, name: "Other project", apiKeys: [OTHER_KEY] },
    chains: [{ name: "DB", symbol: "DB", addressFormat: null }],
    tokens: [],
    products: [],
    prices: [],
    projectWallet: [],
    customers: [],
  };
}
