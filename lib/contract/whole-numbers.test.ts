import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { NumberLiteral } from "./number-literal";
import { requestLog } from "./request-log";

// As the console reads every answer (lib/client/call-service.ts): each JSON number as its literal.
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
  RolledTo: 0,
  Caps: [{ TokenGuid: "a1", TokenSymbol: "GOLD", Daily: "100", Used: "2.5" }],
};
const keysAnswer = (key: object) => `{"isError":"0","Error":"","Data":{"Keys":[${JSON.stringify(key)}]}}`;

describe("ids, statuses and counts (strictnessTools.whole)", () => {
  it("are read from a lossless parse as numbers by the accept schemas", () => {
    const keysRead = keys.accept.KeysResponse.parse(read(keysAnswer(KEY)));
    expect(keysRead.Data.Keys[0]).toMatchObject({ Id: 7, RolledTo: 0 });
    const groups = requestLog.accept.RequestErrorsResponse.parse(
      read(
        '{"isError":"0","Error":"","Data":{"Groups":[{"Route":"/AwardTokens","Status":429,"ErrorCode":"","Error":"","Count":12,"FirstAt":"","LastAt":""}]}}',
      ),
    );
    expect(groups.Data.Groups[0]).toMatchObject({ Status: 429, Count: 12 });
    const log = requestLog.accept.RequestLogResponse.parse(
      read('{"isError":"0","Error":"","Data":{"Requests":[],"NextCursor":"","KeptDays":7}}'),
    );
    expect(log.Data.KeptDays).toBe(7);
  });

  it("are refused as a fraction, a literal too long for a double, or text", () => {
    for (const id of ["7.5", "12345678901234567890", '"7"']) {
      const answer = read(keysAnswer(KEY).replace('"Id":7', `"Id":${id}`));
      const result = keys.accept.KeysResponse.safeParse(answer);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["Data", "Keys", 0, "Id"]);
    }
  });

  it("stay plain numbers in what the service emits", () => {
    expect(keys.emit.KeysResponse.safeParse(JSON.parse(keysAnswer(KEY))).success).toBe(true);
    expect(keys.emit.KeysResponse.safeParse(read(keysAnswer(KEY))).success).toBe(false);
  });
});
