import { describe, expect, it } from "vitest";
import { addressProblem, chainAddressFormat, guessedAddressFormat } from "./wallet-address";

const EVM = `0x${"aB".repeat(20)}`;

describe("the wallet address rule (docs/service.md, Awards, rule 13)", () => {
  it("an EVM chain takes 0x and 40 hexadecimal digits, in any case, and names the rule and chain otherwise", () => {
    expect(addressProblem("evm", EVM, "Polygon")).toBeNull();
    for (const wrong of [
      EVM.slice(0, -1),
      `${EVM}0`,
      EVM.replace("0x", "0X"),
      `${EVM.slice(0, -1)}g`,
      ` ${EVM}`,
    ])
      expect(addressProblem("evm", wrong, "Polygon")).toBe(
        "must be an EVM address (0x followed by 40 hexadecimal digits) for chain Polygon",
      );
  });

  it("a chain without a format takes any wallet text", () => {
    expect(addressProblem(null, "wallet-7", "DB")).toBeNull();
  });

  it("the service's word decides, null included; the name is only guessed from when it says nothing", () => {
    expect(chainAddressFormat("MyChain", "evm")).toBe("evm");
    expect(chainAddressFormat("Polygon", null)).toBeNull();
    expect(chainAddressFormat("polygon")).toBe("evm");
    expect(chainAddressFormat("DB")).toBeNull();
    expect(guessedAddressFormat(" Ethereum ")).toBe("evm");
  });
});
