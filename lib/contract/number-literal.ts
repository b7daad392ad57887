/**
 * The exact text of a JSON number literal, as a lossless JSON parser hands it over. Award
 * amounts are JSON numbers on the wire (the spec says so) but must keep every digit, which a
 * JavaScript `number` cannot: both programs parse and write them through this type.
 */
export class NumberLiteral {
  readonly isNumberLiteral = true;
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function isNumberLiteral(value: unknown): value is NumberLiteral {
  return value instanceof NumberLiteral;
}
