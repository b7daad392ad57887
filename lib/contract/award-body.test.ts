import { describe, expect, it } from "vitest";
import { type AwardBody, canonicalAwardBody, canonicalFundingBody, sameAwardBody } from "./award-body";

const GOLD = {
  Guid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
  ContractGuid: "3c1f8b20-0001-4b22-9c32-0000000000c1",
};
const GEM = {
  Guid: "2c1f8b20-0002-4b22-9c32-0000000000b2",
  ContractGuid: "3c1f8b20-0002-4b22-9c32-0000000000c2",
};
const upper = (line: { Guid: string; ContractGuid: string }) => ({
  Guid: line.Guid.toUpperCase(),
  ContractGuid: line.ContractGuid.toUpperCase(),
});

const direct: AwardBody = {
  ProjectGuid: "ABCDEF00-0000-4000-8000-000000000001",
  RequestID: "ABCDEF00-0000-4000-8000-0000000000AA",
  IsAllowance: false,
  IsMintable: false,
  CustomerID: "Ann",
  Wallet: "0xAbC",
  Tokens: [
    { ...upper(GEM), Amount: "1.50" },
    { ...GOLD, Amount: "010" },
  ],
};

describe("the canonical award body (docs/service.md, Awards: idempotency)", () => {
  // The text the service stores with every award and funding (service.awards.canonical_body):
  // a repeat of an award stored before a change of this form would be refused as a conflict.
  it("is the text the service has always stored, byte for byte", () => {
    const lines =
      '"Tokens":[{"Guid":"2c1f8b20-0001-4b22-9c32-0000000000b1","ContractGuid":"3c1f8b20-0001-4b22-9c32-0000000000c1","Amount":"10"},' +
      '{"Guid":"2c1f8b20-0002-4b22-9c32-0000000000b2","ContractGuid":"3c1f8b20-0002-4b22-9c32-0000000000c2","Amount":"1.5"}]';
    const ids =
      '"ProjectGuid":"abcdef00-0000-4000-8000-000000000001","RequestID":"abcdef00-0000-4000-8000-0000000000aa"';
    expect(canonicalAwardBody(direct)).toBe(
      `{"kind":"award",${ids},"IsAllowance":false,"IsMintable":null,"CustomerID":"Ann","Wallet":"0xAbC",${lines}}`,
    );
    expect(canonicalAwardBody({ ...direct, IsAllowance: true, IsMintable: true, Wallet: undefined })).toBe(
      `{"kind":"award",${ids},"IsAllowance":true,"IsMintable":true,"CustomerID":"Ann","Wallet":null,${lines}}`,
    );
    expect(canonicalFundingBody(direct)).toBe(`{"kind":"funding",${ids},${lines}}`);
  });

  it("is the same whatever the GUIDs' case, the amounts' spelling and the lines' order", () => {
    const respelled: AwardBody = {
      ...direct,
      ProjectGuid: direct.ProjectGuid.toLowerCase(),
      RequestID: direct.RequestID.toLowerCase(),
      Tokens: [
        { ...upper(GOLD), Amount: "10.000" },
        { ...GEM, Amount: "1.5" },
      ],
    };
    expect(sameAwardBody(direct, respelled)).toBe(true);
  });

  it("drops what the rules ignore: IsMintable on a direct award, Wallet on an allowance", () => {
    expect(sameAwardBody(direct, { ...direct, IsMintable: true })).toBe(true);
    const allowance = { ...direct, IsAllowance: true, Wallet: "" };
    expect(sameAwardBody(allowance, { ...allowance, Wallet: "0xother" })).toBe(true);
    expect(sameAwardBody(allowance, { ...allowance, IsMintable: true })).toBe(false);
  });

  it("differs in any field the award is made of", () => {
    expect(sameAwardBody(direct, { ...direct, CustomerID: "ann" })).toBe(false);
    expect(sameAwardBody(direct, { ...direct, Wallet: "0xabc" })).toBe(false);
    expect(sameAwardBody(direct, { ...direct, IsAllowance: true })).toBe(false);
    expect(sameAwardBody(direct, { ...direct, RequestID: "abcdef00-0000-4000-8000-0000000000ab" })).toBe(
      false,
    );
    expect(sameAwardBody(direct, { ...direct, Tokens: [{ ...GEM, Amount: "1.5" }] })).toBe(false);
    expect(
      sameAwardBody(direct, {
        ...direct,
        Tokens: [
          { ...GEM, Amount: "1.500000000000000001" },
          { ...GOLD, Amount: "10" },
        ],
      }),
    ).toBe(false);
  });

  it("tells an award from a funding under the same RequestID", () => {
    expect(canonicalAwardBody(direct)).not.toBe(canonicalFundingBody(direct));
  });
});
