import { describe, expect, it } from "vitest";
import { markedSections, withSection } from "./doc-sections";

describe("benchmark document sections", () => {
  it("appends a section, then replaces only it", () => {
    const first = withSection("# Benchmarks\n\nservice tables\n", "bundle", "| route | kB |\n| / | 1 |");
    expect(first).toBe(
      "# Benchmarks\n\nservice tables\n\n<!-- section:bundle -->\n| route | kB |\n| / | 1 |\n<!-- /section:bundle -->\n",
    );
    const second = withSection(first, "bundle", "| route | kB |\n| / | 2 |");
    expect(second).toContain("| / | 2 |");
    expect(second).not.toContain("| / | 1 |");
    expect(second.startsWith("# Benchmarks\n\nservice tables\n")).toBe(true);
  });

  it("finds the marked sections so a rewrite of the page can keep them", () => {
    const document = withSection(withSection("# B\n", "a", "one"), "b", "two $& three");
    expect(markedSections(document)).toEqual([
      "<!-- section:a -->\none\n<!-- /section:a -->",
      "<!-- section:b -->\ntwo $& three\n<!-- /section:b -->",
    ]);
  });
});
