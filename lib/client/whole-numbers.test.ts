import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { keys } from "@/lib/contract/keys";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { requestLog } from "@/lib/contract/request-log";
import { withWholeNumbers } from "./whole-numbers";

// As callService reads every answer: each JSON number as its literal's text.
const read = (json: string) => parse(json, undefined, (text) => new NumberLiteral(text));

const KEY = {
  Id: 7,
  Name: "EU servers",
  Prefix: "gcc_abcdef",
  Scopes: ["read"],
  CreatedAt: "2027-03-10T12:00:00Z",
  ExpiresAt: "",
  RevokedAt: "",
  ThisKey: true,
  LastUsedAt: "",
  Caps: [{ TokenGuid: "a1", TokenSymbol: "GOLD", Daily: "100", Used: "2.5" }],
};

describe("withWholeNumbers", () => {
  it("lets the keys and request log schemas read ids, statuses and counts from a lossless parse", () => {
    const keysAnswer = read(JSON.stringify({ isError: "0", Error: "", Data: { Keys: [KEY] } }));
    // Without it, every Id would be refused: the parse hands over literals, not numbers.
    expect(keys.accept.KeysResponse.safeParse(keysAnswer).success).toBe(false);
    expect(withWholeNumbers(keys.accept.KeysResponse).parse(keysAnswer).Data.Keys[0]?.Id).toBe(7);
    const logAnswer = read(
      '{"isError":"0","Error":"","Data":{"Groups":[{"Route":"/AwardTokens","Status":429,"ErrorCode":"","Error":"","Count":12,"FirstAt":"","LastAt":""}]}}',
    );
    expect(
      withWholeNumbers(requestLog.accept.RequestErrorsResponse).parse(logAnswer).Data.Groups[0],
    ).toMatchObject({
      Status: 429,
      Count: 12,
    });
  });

  it("leaves a fraction or a literal too long for a double as it was, for the schema to refuse", () => {
    for (const id of ["7.5", "12345678901234567890"]) {
      const answer = read(
        `{"isError":"0","Error":"","Data":{"Keys":[${JSON.stringify(KEY).replace('"Id":7', `"Id":${id}`)}]}}`,
      );
      expect(withWholeNumbers(keys.accept.KeysResponse).safeParse(answer).success).toBe(false);
    }
  });
});
