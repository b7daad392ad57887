import { describe, expect, it } from "vitest";
import { freshRequestId, reviewRequestId, settleRequestId } from "./request-id";

describe("the RequestID rule", () => {
  let n = 0;
  const fresh = () => `id-${++n}`;

  it("binds the first review to the ID the form showed", () => {
    const start = freshRequestId(fresh);
    const reviewed = reviewRequestId(start, "award A", fresh);
    expect(reviewed).toEqual({ id: start.id, boundTo: "award A" });
  });

  it("keeps the ID when the unchanged award is reviewed again after a failure (a retry)", () => {
    const reviewed = reviewRequestId(freshRequestId(fresh), "award A", fresh);
    const failed = settleRequestId(reviewed, "failed", fresh);
    expect(reviewRequestId(failed, "award A", fresh).id).toBe(reviewed.id);
  });

  it("makes a new ID when an edited award is reviewed, not before", () => {
    const reviewed = reviewRequestId(freshRequestId(fresh), "award A", fresh);
    const failed = settleRequestId(reviewed, "failed", fresh);
    // Typing changes nothing until the next review: the state is only touched at review.
    const edited = reviewRequestId(failed, "award A, edited", fresh);
    expect(edited.id).not.toBe(reviewed.id);
    expect(edited.boundTo).toBe("award A, edited");
  });

  it("makes a new, unbound ID after a success, so the same award sent again is a new award", () => {
    const reviewed = reviewRequestId(freshRequestId(fresh), "award A", fresh);
    const next = settleRequestId(reviewed, "succeeded", fresh);
    expect(next.id).not.toBe(reviewed.id);
    expect(next.boundTo).toBeNull();
    expect(reviewRequestId(next, "award A", fresh).id).toBe(next.id);
  });
});
