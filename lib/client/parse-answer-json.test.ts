import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { hasNumberToken, parseAnswerJson } from "./parse-answer-json";

describe("hasNumberToken", () => {
  it.each([
    ['{"Amount":"10"}', false],
    ['{"Amount":10}', true],
    ['{"Amount":-1}', true],
    ["[0.5]", true],
    ['{"a":true,"b":null,"c":[false]}', false],
    // Digits and minus signs inside strings are text.
    ['{"Guid":"1a000000-0000-4000-8000-000000000001","Title":"-20 % off, 3 for 2"}', false],
    // An escaped quote does not end the string; an escaped backslash before a quote does.
    ['{"a":"say \\"1\\" twice"}', false],
    ['{"a":"ends in a backslash \\\\","b":2}', true],
    ['{"a":"\\\\\\"9\\\\"}', false],
    ["  \n 7 ", true],
    ["", false],
  ])("%s → %s", (text, expected) => {
    expect(hasNumberToken(text)).toBe(expected);
  });
});

describe("parseAnswerJson", () => {
  const lossless = (text: string) => parse(text, undefined, (literal) => new NumberLiteral(literal));

  it("gives what the lossless parser gives for text without numbers", () => {
    const text = JSON.stringify({
      isError: "0",
      Error: "",
      Data: {
        Products: [{ Guid: "a-1", IsUnlimited: true, Amount: "12.50", Languages: [{ en: [] }], x: null }],
      },
    });
    expect(parseAnswerJson(text)).toEqual(lossless(text));
  });

  it("keeps every digit of a number: the lossless parser takes any text with one", () => {
    const value = parseAnswerJson('{"Tokens":[{"Amount":12345678901234567890.000000000000000001}]}') as {
      Tokens: { Amount: NumberLiteral }[];
    };
    expect(value.Tokens[0]?.Amount).toEqual(new NumberLiteral("12345678901234567890.000000000000000001"));
  });

  it("keeps the last value of a field named twice, with numbers or without", () => {
    expect(parseAnswerJson('{"isError":"1","isError":"0"}')).toEqual({ isError: "0" });
    expect(parseAnswerJson('{"isError":"1","n":1,"isError":"0"}')).toEqual({
      isError: "0",
      n: new NumberLiteral("1"),
    });
  });

  it("refuses text that is not JSON on both paths", () => {
    expect(() => parseAnswerJson('{"a":"b"')).toThrow(SyntaxError);
    expect(() => parseAnswerJson('{"a":1')).toThrow(SyntaxError);
    expect(() => parseAnswerJson("<html>")).toThrow(SyntaxError);
  });

  it("makes a field called __proto__ a field on both paths, as JSON.parse does", () => {
    for (const text of ['{"__proto__":{"polluted":"yes"}}', '{"__proto__":{"polluted":1}}']) {
      const value = parseAnswerJson(text) as Record<string, unknown>;
      expect(Object.hasOwn(value, "__proto__")).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
