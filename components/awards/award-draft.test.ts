import { describe, expect, it } from "vitest";
import {
  awardValues,
  draftsOf,
  holdingOf,
  sentAnswer,
  type TokenOption,
} from "@/components/awards/award-draft";

const TOKENS: TokenOption[] = [
  { guid: "gold", symbol: "GOLD", name: "Gold", contracts: [{ guid: "gold-db", chain: "Dragonchain" }] },
  { guid: "gem", symbol: "GEM", name: "Gem", contracts: [{ guid: "gem-poly", chain: "Polygon" }] },
];

describe("the award form's draft", () => {
  it("starts with one line of the first token and its first contract", () => {
    const { emptyDraft } = draftsOf(TOKENS);
    expect(emptyDraft("player-1")).toEqual({
      customerId: "player-1",
      mode: "allowance",
      wallet: "",
      mintable: false,
      lines: [{ key: 0, token: "gold", contract: "gold-db", amount: "" }],
      reason: "",
    });
  });

  it("sends a wallet only with a direct award, mintable only with an allowance, and each line's chain", () => {
    const { emptyDraft } = draftsOf(TOKENS);
    const draft = { ...emptyDraft("p"), wallet: "0xabc", mintable: true };
    expect(awardValues(draft, TOKENS, "rid")).toMatchObject({ wallet: "", mintable: true });
    const direct = awardValues({ ...draft, mode: "direct" }, TOKENS, "rid");
    expect(direct).toMatchObject({ requestId: "rid", wallet: "0xabc", mintable: false });
    expect(direct.lines).toEqual([{ token: "gold", contract: "gold-db", chain: "Dragonchain", amount: "" }]);
  });
});

describe("sentAnswer: what the form says once the service answered", () => {
  it("takes the RequestID of an award waiting for approval or sent, and keeps it after a failure", () => {
    expect(sentAnswer("awaiting-approval", "p")).toEqual({
      taken: true,
      tone: "info",
      message: "Waiting for approval: nothing is sent to p until another person approves.",
    });
    expect(sentAnswer("completed", "p")).toEqual({
      taken: true,
      tone: "success",
      message: "Award completed for p.",
    });
    // Queued is taken but not paid: told, not celebrated.
    expect(sentAnswer("queued", "p")).toEqual({
      taken: true,
      tone: "info",
      message: "Award queued for p: it waits for project funds.",
    });
    expect(sentAnswer("unknown", "p")).toEqual({
      taken: false,
      tone: "warning",
      message: "Outcome unknown: retry it safely.",
    });
    expect(sentAnswer("failed", "p")).toMatchObject({ taken: false, message: "The award failed." });
  });

  it("says what the player holds of a token: nothing before a lookup, none for a new player, else their total", () => {
    const known = {
      customerId: "p",
      isNew: false,
      tokens: [{ guid: "GOLD", symbol: "GOLD", total: "12.5" }],
      itemCount: 0,
      wallets: [],
      pinnedNotes: [],
    };
    expect(holdingOf(undefined, "gold")).toEqual({ kind: "unknown" });
    expect(holdingOf({ ...known, isNew: true, tokens: [] }, "gold")).toEqual({ kind: "new" });
    expect(holdingOf(known, "gold")).toEqual({ kind: "held", total: "12.5" });
    expect(holdingOf(known, "gem")).toEqual({ kind: "held", total: "0" });
  });
});
