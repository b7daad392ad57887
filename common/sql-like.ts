/** Text for a LIKE pattern that matches it literally: `%`, `_` and the escape character itself escaped (LIKE's default escape, `\`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
