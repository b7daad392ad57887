import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Disclosure, type DisclosureProps } from "./disclosure";

const render = (defaultOpen?: boolean) =>
  renderToString(
    createElement(
      Disclosure,
      // The body is createElement's third argument; the props' type wants it as `children`.
      { summary: "3 products", defaultOpen } as DisclosureProps,
      createElement("ul", { id: "body" }, "Glutklinge"),
    ),
  );

describe("a disclosure", () => {
  it("closed, the server sends its summary and not its body", () => {
    const html = render();
    expect(html).toContain("<summary>3 products</summary>");
    expect(html).not.toContain("Glutklinge");
    expect(html).not.toMatch(/<details[^>]*open/);
  });

  it("open on arrival, the server sends its body too", () => {
    const html = render(true);
    expect(html).toMatch(/<details open="">/);
    expect(html).toContain('<ul id="body">Glutklinge</ul>');
  });
});
