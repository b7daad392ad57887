import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TableFrame, type TableFrameProps } from "./table-frame";
import { countText } from "./table-pager";

/** The parts both console tables (data-table.tsx, paged-table.tsx) draw the same way. */
describe("a table's frame, empty row and count", () => {
  const frame = (props: Partial<TableFrameProps>) =>
    renderToString(
      createElement(TableFrame, {
        noun: "awards",
        shown: 3,
        head: null,
        rows: [createElement("tr", { key: "a" })],
        columns: 4,
        filtered: false,
        ...props,
      }),
    );

  it("names the frame and captions the table by its noun, or by the caption given", () => {
    const html = frame({});
    expect(html).toContain('aria-label="Awards"');
    expect(html).toMatch(/<caption[^>]*>Awards, 3 shown<\/caption>/);
    const named = frame({ caption: "Awards sent" });
    expect(named).toContain('aria-label="Awards sent"');
    expect(named).toMatch(/<caption[^>]*>Awards sent<\/caption>/);
    expect(html).not.toContain("No awards");
  });

  it("an empty view says nothing is there yet, or that nothing matches the filter", () => {
    expect(frame({ rows: [] })).toContain("No awards yet.");
    expect(frame({ rows: [], filtered: true })).toContain("No awards match the filter.");
    expect(frame({ rows: [] })).toMatch(/<td colSpan="4"/);
  });

  it("counts what the view holds: of how many, or with the noun for one", () => {
    expect(countText("holdings", { shown: 3, of: 40 })).toBe("3 of 40 holdings");
    expect(countText("awards", { shown: 12, one: "award" })).toBe("12 awards");
    expect(countText("awards", { shown: 1, one: "award" })).toBe("1 award");
    expect(countText("products", { shown: 1 })).toBe("1 products");
  });
});
