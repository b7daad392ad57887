/**
 * The rule for every text the service stores (docs/service.md, "Identifiers and parameters"):
 * well-formed Unicode and no control characters. A CustomerID follows it, and so do a Wallet, a
 * key's Name and every text of a fixture. Plain functions with no imports, so a browser form can
 * check text without shipping a schema library.
 */

/**
 * Unicode's control characters (Cc): C0, DEL and C1. PostgreSQL cannot store NUL in text at
 * all, and the others — ESC sequences, line breaks — would reach whoever reads the text back.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Line breaks and tabs, which a multi-line text (a product's Description) may hold. */
const LAYOUT = /[\t\n\r]/g;

// In unicode mode a surrogate pair is one code point; what matches is a surrogate on its own —
// the same test as String.prototype.isWellFormed (ES2024, not in this project's lib yet).
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The first lone surrogate of a text as people write it (`U+D800`), or null when it is well-formed. */
export function loneSurrogateIn(value: string): string | null {
  const surrogate = value.match(LONE_SURROGATE)?.[0];
  return surrogate === undefined ? null : `U+${surrogate.charCodeAt(0).toString(16).toUpperCase()}`;
}

/** The rule text breaks by not being well-formed Unicode (a lone surrogate), or null. */
export function illFormedProblem(value: string): string | null {
  const surrogate = loneSurrogateIn(value);
  return surrogate && `must be well-formed Unicode text (it holds a lone surrogate, ${surrogate})`;
}

/**
 * The rule a text to be stored breaks, or null. `multiLine` lets line breaks and tabs through
 * (and nothing else of the control characters).
 */
export function textProblem(value: string, options: { multiLine?: boolean } = {}): string | null {
  const checked = options.multiLine ? value.replace(LAYOUT, "") : value;
  if (CONTROL_CHARACTER.test(checked)) return "must not contain control characters";
  return illFormedProblem(value);
}
