import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { playerTokens } from "@/lib/players/holdings";
import { renderAtAddress } from "@/testing/render-at-address";
import { PlayerTokens } from "./player-tokens";

// A player with GOLD in 30 wallets (amounts 1 … 30) and GEM in one.
const detail = (wallet: string, amount: string) => ({
  Wallet: wallet,
  Amount: amount,
  ChainName: "Polygon",
  ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
  IsAllowance: false,
});
const goldDetails = Array.from({ length: 30 }, (_, i) =>
  detail(`0xwallet${String(i + 1).padStart(2, "0")}`, String(i + 1)),
);
const tokens = playerTokens([
  { Total: "465", TokenSymbol: "GOLD", Guid: "g-1", Name: "Gold", Image: "", Details: goldDetails },
  { Total: "7", TokenSymbol: "GEM", Guid: "g-2", Name: "Gem", Image: "", Details: [detail("0xgem", "7")] },
]);

/** The player page's tokens as the server renders them, at an address with `query`. */
function render(query: string): string {
  return renderAtAddress("/players/p-1", query, createElement(PlayerTokens, { tokens }));
}

const goldWallets = (html: string) => {
  const gold = html.slice(html.indexOf('data-testid="token-GOLD"'), html.indexOf('data-testid="token-GEM"'));
  return [...gold.matchAll(/title="(0xwallet\d+)"/g)].map((match) => match[1]);
};
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] as string).replaceAll("&amp;", "&"));

describe("a player's holdings", () => {
  it("render one page of a token's holdings, and the pager is a link to the next page of that token's table", () => {
    const html = render("awards.sort=player");
    expect(goldWallets(html)).toEqual(goldDetails.slice(0, 25).map((d) => d.Wallet));
    expect(hrefs(html)).toContain("/players/p-1?awards.sort=player&gold.page=2");
  });

  it("the second page has the rest, and its table is open on arrival", () => {
    const html = render("gold.page=2");
    expect(goldWallets(html)).toEqual(goldDetails.slice(25).map((d) => d.Wallet));
    expect(html).toMatch(/<details class="mt-2" open=""><summary[^>]*>30<!-- --> holding/);
  });

  it("sort by amount as exact decimals, largest first when the URL says so; the header links to the other order", () => {
    const html = render("gold.sort=amount.desc");
    expect(goldWallets(html).slice(0, 3)).toEqual(["0xwallet30", "0xwallet29", "0xwallet28"]);
    expect(hrefs(html)).toContain("/players/p-1?gold.sort=amount");
  });
});
