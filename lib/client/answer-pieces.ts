// No "server-only" marker: the worker thread (answer-worker.ts) cuts answers into pieces with
// this module, outside React's server environment, where the marker throws.

/**
 * A large answer checked in the worker thread comes back to the request's thread in pieces: a
 * thread receives a message by copying it in one go, on its event loop, and copying 29 MiB of
 * checked products took it for most of a second (docs/console.md, "Answers the console
 * refuses"). Each piece is about PIECE_WEIGHT of JSON, whatever the answer's shape — a long array
 * goes in runs of its elements, a large element or field is cut in turn — so taking one in is a
 * few milliseconds, and the request's thread serves other requests between two pieces.
 */
export const PIECE_WEIGHT = 256 * 1024;

/** Where in the answer a piece goes: keys and indexes from its root. */
export type PiecePath = (string | number)[];

export type Piece =
  /** Puts a value at the path (the answer itself when the path is empty). */
  | { at: PiecePath; set: unknown }
  /** Appends elements to the array at the path. */
  | { at: PiecePath; push: unknown[] }
  /** Adds fields to the object at the path. */
  | { at: PiecePath; assign: Record<string, unknown> };

const weights = new WeakMap<object, number>();

/** About the length of a value's JSON text, remembered for objects and arrays. */
function weigh(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (value === null || typeof value !== "object") return 8;
  const known = weights.get(value);
  if (known !== undefined) return known;
  let weight = 2;
  if (Array.isArray(value)) for (const item of value) weight += weigh(item) + 1;
  else for (const [key, field] of Object.entries(value)) weight += key.length + 4 + weigh(field);
  weights.set(value, weight);
  return weight;
}

/** The pieces of `value`, in the order they are to be put together. */
export function* piecesOf(value: unknown, at: PiecePath = []): Generator<Piece> {
  if (value === null || typeof value !== "object" || weigh(value) <= PIECE_WEIGHT) {
    yield { at, set: value };
    return;
  }
  if (Array.isArray(value)) {
    yield { at, set: [] };
    let run: unknown[] = [];
    let weight = 0;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const itemWeight = weigh(item);
      if (run.length > 0 && (itemWeight > PIECE_WEIGHT || weight + itemWeight > PIECE_WEIGHT)) {
        yield { at, push: run };
        run = [];
        weight = 0;
      }
      // The array holds `index` elements now: setting that index appends this one.
      if (itemWeight > PIECE_WEIGHT) yield* piecesOf(item, [...at, index]);
      else {
        run.push(item);
        weight += itemWeight;
      }
    }
    if (run.length > 0) yield { at, push: run };
    return;
  }
  yield { at, set: {} };
  let fields: Record<string, unknown> = {};
  let count = 0;
  let weight = 0;
  for (const [key, field] of Object.entries(value)) {
    const fieldWeight = weigh(field) + key.length;
    if (count > 0 && (fieldWeight > PIECE_WEIGHT || weight + fieldWeight > PIECE_WEIGHT)) {
      yield { at, assign: fields };
      fields = {};
      count = 0;
      weight = 0;
    }
    if (fieldWeight > PIECE_WEIGHT) yield* piecesOf(field, [...at, key]);
    else {
      // As an own field, even when it is called "__proto__".
      Object.defineProperty(fields, key, {
        value: field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      count += 1;
      weight += fieldWeight;
    }
  }
  if (count > 0) yield { at, assign: fields };
}

/** The answer being put together from its pieces. */
export class PieceAssembly {
  private readonly root: { answer?: unknown } = {};

  get answer(): unknown {
    return this.root.answer;
  }

  add(piece: Piece): void {
    const path: PiecePath = ["answer", ...piece.at];
    if ("set" in piece) {
      const key = path.at(-1) as string | number;
      define(this.reach(path.slice(0, -1)), key, piece.set);
    } else if ("push" in piece) {
      const array = this.reach(path) as unknown as unknown[];
      for (const item of piece.push) array.push(item);
    } else {
      const object = this.reach(path);
      for (const [key, field] of Object.entries(piece.assign)) define(object, key, field);
    }
  }

  private reach(path: PiecePath): Record<string | number, unknown> {
    let node: unknown = this.root;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    return node as Record<string | number, unknown>;
  }
}

/** An own, plain field (a key like "__proto__" stays data, as JSON.parse makes it). */
function define(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
