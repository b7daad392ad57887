import { describe, expect, it } from "vitest";
import { PIECE_WEIGHT, type Piece, PieceAssembly, piecesOf } from "./answer-pieces";

/** Cuts `value` into pieces, sends each through a structured clone as a thread would, puts them together. */
function roundTrip(value: unknown): { answer: unknown; pieces: Piece[] } {
  const pieces = [...piecesOf(value)];
  const assembly = new PieceAssembly();
  for (const piece of pieces) assembly.add(structuredClone(piece));
  return { answer: assembly.answer, pieces };
}

const text = (length: number) => "x".repeat(length);

describe("an answer cut into pieces and put back together", () => {
  it("a small answer is one piece", () => {
    const answer = { isError: "0", Error: "", Data: { Tokens: [{ Symbol: "GOLD" }] } };
    const { answer: back, pieces } = roundTrip(answer);
    expect(pieces).toHaveLength(1);
    expect(back).toEqual(answer);
  });

  it("any shape comes back whole and in order, and no piece is much over PIECE_WEIGHT", () => {
    const answer = {
      isError: "0",
      Error: "",
      // A long array of small elements, one of which is itself large.
      Products: Array.from({ length: 20_000 }, (_, index) =>
        index === 7_000
          ? { Guid: "big", Languages: [{ en: [{ Value: text(600_000) }] }] }
          : { Guid: `p${index}` },
      ),
      // A large record of many small fields, and of a field larger than a piece.
      Texts: Object.fromEntries(Array.from({ length: 30_000 }, (_, index) => [`k${index}`, text(20)])),
      Prices: [{ Products: Array.from({ length: 30_000 }, (_, index) => ({ Guid: `q${index}` })) }],
      Huge: text(PIECE_WEIGHT * 2),
      Last: "after the large fields",
    };
    const { answer: back, pieces } = roundTrip(answer);
    expect(back).toEqual(answer);
    expect(Object.keys(back as object)).toEqual(Object.keys(answer));
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces) {
      const weight = JSON.stringify(piece).length;
      // A single string cannot be cut: it goes as it is.
      if (!("set" in piece && typeof piece.set === "string")) expect(weight).toBeLessThan(2 * PIECE_WEIGHT);
    }
  });

  it("a field called __proto__ stays a field, as JSON.parse makes it", () => {
    const answer = JSON.parse(
      `{"Data":{"__proto__":{"polluted":true},"Items":[${Array(40_000).fill('{"a":"b"}').join(",")}]}}`,
    );
    const { answer: back } = roundTrip(answer);
    expect(back).toEqual(answer);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf((back as { Data: object }).Data)).toBe(Object.prototype);
  });
});
