import { fileURLToPath } from "node:url";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Form } from "@/components/ui/form";
import { trackedTexts } from "@/testing/tracked-files";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Each `<form …>` opening tag written in the console's pages and components, with its file. */
function formTags(): { path: string; tag: string }[] {
  return trackedTexts(root, (path) => /^(app|components)\/.*\.tsx$/.test(path)).flatMap(({ path, text }) =>
    // An opening tag ends at the first ">" that is not part of "=>" (a handler inside the tag).
    [...text.matchAll(/<form\b(?:[^>]|=>)*>/g)].map((match) => ({ path, tag: match[0] })),
  );
}

describe("forms before the page's scripts have run (docs/console.md, Forms)", () => {
  it("the kit's Form is sent as POST, so its fields never go into the address", () => {
    const html = renderToString(h(Form, { "aria-label": "x" }, h("input", { name: "password" })));
    const tag = /^<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(tag).toMatch(/ method="post"/);
    expect(tag).toMatch(/ novalidate=""/i);
    expect(tag).toMatch(/ aria-label="x"/);
  });

  it("every <form> says how it is sent: the kit's POST, GET on purpose (a filter), or a server action", () => {
    const tags = formTags();
    // The check reads real tags: the project has all three kinds today.
    expect(tags.some(({ tag }) => /method="post"/.test(tag))).toBe(true);
    expect(tags.some(({ tag }) => /method="get"/.test(tag))).toBe(true);
    expect(tags.some(({ tag }) => /action=\{/.test(tag))).toBe(true);
    const unsent = tags.filter(({ tag }) => !/method="(get|post)"/.test(tag) && !/action=\{/.test(tag));
    expect(unsent, "a form that script handles is the kit's <Form> (components/ui/form.tsx)").toEqual([]);
  });
});
