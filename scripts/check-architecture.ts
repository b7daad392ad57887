import { resolve } from "node:path";
import { checkArchitecture, EXCEPTIONS, RULES } from "./lib/architecture";
import { readImportGraph } from "./lib/import-graph";
import { closingLine, firstLine, writeCountsFile } from "./lib/test-counts";

/**
 * `npm run lint:architecture [-- ROOT]`: checks every import of the project (or of the one at
 * ROOT) against the rules of docs/architecture.md. Prints each broken rule's imports, then one
 * line per rule, then `N passed, N failed` (a rule is one check; the counts, with each broken
 * rule's name, also go to TEST_COUNTS_FILE for npm test's summary); exits 1 when a rule is broken.
 */
const root = resolve(process.argv[2] ?? ".");
const graph = readImportGraph(root);
// The exceptions are this project's known breaks: another tree (a test's) is checked without them.
const ownTree = root === resolve(import.meta.dirname, "..");
const results = checkArchitecture(graph, RULES, ownTree ? EXCEPTIONS : []);

for (const { rule, violations } of results) {
  if (violations.length === 0) continue;
  console.log(`\n✗ ${rule.name}: ${rule.why}`);
  for (const found of violations)
    console.log(`  ${found.path}${found.line ? `:${found.line}` : ""} ${found.detail}`);
}
console.log();
for (const { rule, violations } of results) {
  const mark = violations.length === 0 ? "✓" : `✗ ${violations.length}`;
  console.log(`  ${mark.padEnd(5)} ${rule.name}`);
}
const broken = results.filter((result) => result.violations.length > 0);
const failed = broken.length;
const counts = { passed: results.length - failed, failed, skipped: 0 };
// Each broken rule named with its first import, for npm test's summary above the closing line.
writeCountsFile(
  counts,
  broken.map(({ rule, violations: [first, ...more] }) => {
    const where = first ? `${first.path}${first.line ? `:${first.line}` : ""} ${first.detail}` : "";
    return firstLine(`${rule.name}: ${where}${more.length > 0 ? ` (and ${more.length} more)` : ""}`);
  }),
);
console.log(`\n${graph.size} modules; ${closingLine(counts, "architecture")}`);
process.exit(failed > 0 ? 1 : 0);
