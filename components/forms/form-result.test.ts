import { describe, expect, it } from "vitest";
import { errorsAfter, NO_ERRORS, toastAfter } from "@/components/forms/form-result";
import type { ActionResult } from "@/lib/model/action-result";

const saved: ActionResult<{ name: string }> = { ok: true, data: { name: "Game server" } };
const refused: ActionResult<{ name: string }> = {
  ok: false,
  error: "Amount: must be a positive number",
  fieldErrors: { amount: "must be a positive number" },
};
const stepUp: ActionResult<{ name: string }> = { ok: false, error: "Confirm it is you.", stepUp: true };

describe("errorsAfter: what a form shows after its action answers", () => {
  it("clears every error after a success", () => {
    expect(errorsAfter(saved)).toEqual(NO_ERRORS);
  });

  it("shows the refusal's sentence and its field errors by path", () => {
    expect(errorsAfter(refused)).toEqual({
      error: "Amount: must be a positive number",
      fieldErrors: { amount: "must be a positive number" },
    });
  });

  it("keeps the sentence off the form when a field it shows says it, and the form asks for that", () => {
    expect(errorsAfter(refused, { unlessShown: ["amount", "token"] })).toEqual({
      error: null,
      fieldErrors: { amount: "must be a positive number" },
    });
  });

  it("keeps the sentence off the form when any field error says it, for a form that shows them all", () => {
    expect(errorsAfter(refused, "unless-fields").error).toBeNull();
    expect(errorsAfter(stepUp, "unless-fields").error).toBe("Confirm it is you.");
  });

  it("shows the sentence when the named field is not one the form shows (nothing else would say it)", () => {
    expect(errorsAfter(refused, { unlessShown: ["name"] })).toEqual({
      error: "Amount: must be a positive number",
      fieldErrors: { amount: "must be a positive number" },
    });
  });

  it("shows the sentence of a refusal that names no field, whatever the form asks", () => {
    expect(errorsAfter(stepUp, { unlessShown: ["amount"] })).toEqual({
      error: "Confirm it is you.",
      fieldErrors: {},
    });
  });
});

describe("toastAfter: the toast an answer calls for", () => {
  it("names none when the form asked for none", () => {
    expect(toastAfter(saved, {})).toBeNull();
    expect(toastAfter(refused, { success: "Saved." })).toBeNull();
  });

  it("says the form's words on success, made from the answer when given a function", () => {
    expect(toastAfter(saved, { success: "Saved." })).toEqual({ tone: "success", message: "Saved." });
    expect(toastAfter(saved, { success: (data) => `Key “${data.name}” made.` })).toEqual({
      tone: "success",
      message: "Key “Game server” made.",
    });
  });

  it("names none when the form's words say none for this answer", () => {
    expect(toastAfter(saved, { success: () => null })).toBeNull();
  });

  it("says the failure words on a refusal, a cancelled step-up included, with the action's sentence at hand", () => {
    expect(toastAfter(refused, { failure: "Not saved." })).toEqual({ tone: "error", message: "Not saved." });
    expect(toastAfter(stepUp, { failure: (error) => error })).toEqual({
      tone: "error",
      message: "Confirm it is you.",
    });
  });
});
