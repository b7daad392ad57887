/**
 * docs/benchmarks.md holds the results of more than one benchmark. Each one owns a section
 * between `<!-- section:NAME -->` and `<!-- /section:NAME -->` and rewrites only that; the
 * service benchmark, which writes the page itself, keeps the other sections as they are.
 */

const start = (name: string) => `<!-- section:${name} -->`;
const end = (name: string) => `<!-- /section:${name} -->`;

/** Every marked section of a document, markers included, in order. */
export function markedSections(document: string): string[] {
  return [...document.matchAll(/<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->/g)].map((m) => m[0]);
}

/** The document with section `name` set to `body` (appended when it has none yet). */
export function withSection(document: string, name: string, body: string): string {
  const block = `${start(name)}\n${body.trim()}\n${end(name)}`;
  const pattern = new RegExp(`${start(name)}[\\s\\S]*?${end(name).replace("/", "\\/")}`);
  if (pattern.test(document)) return document.replace(pattern, () => block);
  return `${document.trimEnd()}\n\n${block}\n`;
}
