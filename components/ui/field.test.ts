import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { errorSentence, Field, type FieldProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/** A Field around one control (createElement passes it as children, as JSX does). */
const field = (props: Omit<FieldProps, "children">, control: ReactElement) =>
  h(Field, props as FieldProps, control);

/** The rendered markup parsed just enough to read the control's attributes. */
function controlOf(markup: string, tag: "input" | "select") {
  const element = new RegExp(`<${tag}[^>]*>`).exec(markup)?.[0] ?? "";
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(element)?.[1] ?? null;
  return { attribute };
}

describe("Field wires its control", () => {
  it("labels the control and describes it by the hint, then the error", () => {
    const markup = renderToStaticMarkup(
      field(
        { id: "email", label: "Email", hint: "Work address", error: "must be an email address" },
        h(Input),
      ),
    );
    const input = controlOf(markup, "input");
    expect(markup).toContain('<label for="email"');
    expect(input.attribute("id")).toBe("email");
    expect(input.attribute("aria-describedby")).toBe("email-hint email-error");
    expect(input.attribute("aria-invalid")).toBe("true");
    expect(markup).toContain('<p id="email-error"');
    // A whole sentence: the field's label, then the rule.
    expect(markup).toContain("Email must be an email address.");
  });

  it("leaves a valid control without aria-invalid, described by its hint only", () => {
    const markup = renderToStaticMarkup(
      field({ id: "name", label: "Name", hint: "Shown to others" }, h(Input)),
    );
    const input = controlOf(markup, "input");
    expect(input.attribute("aria-invalid")).toBeNull();
    expect(input.attribute("aria-describedby")).toBe("name-hint");
  });

  it("keeps a control's own description next to the field's, and its own id", () => {
    const markup = renderToStaticMarkup(
      field(
        { id: "fund-amount", label: "Amount", error: "must be greater than 0" },
        h(Input, { id: "own", "aria-describedby": "fund-error" }),
      ),
    );
    const input = controlOf(markup, "input");
    expect(input.attribute("id")).toBe("own");
    expect(input.attribute("aria-describedby")).toBe("fund-amount-error fund-error");
  });

  it("joins several errors and wires a Select the same way", () => {
    const markup = renderToStaticMarkup(
      field(
        { id: "role", label: "Role", error: ["is required.", "must be a role."] },
        h(Select, null, h("option", null, "x")),
      ),
    );
    const select = controlOf(markup, "select");
    expect(select.attribute("id")).toBe("role");
    expect(select.attribute("aria-describedby")).toBe("role-error");
    expect(markup).toContain("is required. must be a role.");
  });

  it("a control outside any Field keeps exactly its own props", () => {
    const input = controlOf(renderToStaticMarkup(h(Input, { "aria-label": "Search" })), "input");
    expect(input.attribute("id")).toBeNull();
    expect(input.attribute("aria-describedby")).toBeNull();
  });
});

describe("a field's error reads as a sentence", () => {
  it.each([
    ["Reason", "must not be empty", "Reason must not be empty."],
    ["Wallet", "is required for a direct distribution", "Wallet is required for a direct distribution."],
    [
      "Reason",
      "is required: say why (kept in the award trail)",
      "Reason is required: say why (kept in the award trail).",
    ],
    ["Amount", "The service refused it.", "The service refused it."],
    ["Amount", "Use a point for decimals", "Use a point for decimals."],
  ])("%s + %j → %j", (label, message, sentence) => {
    expect(errorSentence(label, message)).toBe(sentence);
  });

  it("leaves the words alone when the label is not plain text", () => {
    expect(errorSentence(h("span", null, "Amount"), "must be positive")).toBe("must be positive.");
  });
});
