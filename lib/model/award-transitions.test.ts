import { describe, expect, it } from "vitest";
import { AWARD_STATUSES } from "./award-status";
import { AWARD_TRANSITIONS, transitionRefusal } from "./award-transitions";

describe("the award trail's allowed transitions", () => {
  it("names only statuses the trail has", () => {
    for (const [name, rule] of Object.entries(AWARD_TRANSITIONS)) {
      const ends = rule.to === "unchanged" ? [] : typeof rule.to === "string" ? [rule.to] : rule.to;
      for (const status of [...rule.from, ...ends]) expect(AWARD_STATUSES, name).toContain(status);
    }
  });

  it("refuses an illegal transition with a sentence naming the status and what is allowed", () => {
    expect(transitionRefusal("approve", "completed")).toBe(
      "An award that is completed cannot approve (only one that is awaiting-approval).",
    );
    expect(transitionRefusal("requeue", "pending")).toBe(
      "An award that is pending cannot requeue (only one that is failed or unknown).",
    );
    expect(transitionRefusal("write", "sending")).toBe(
      "An award that is sending cannot write: it is already in the trail.",
    );
    expect(transitionRefusal("settle", null)).toContain('"settle" needs an award in the trail');
    expect(transitionRefusal("recordOutcome", "sending", "rejected")).toBe(
      '"recordOutcome" cannot make an award rejected (it makes it completed or queued or accepted or failed or unknown).',
    );
  });

  it("allows what the code does", () => {
    expect(transitionRefusal("write", null, "awaiting-approval")).toBeNull();
    expect(transitionRefusal("approve", "awaiting-approval")).toBeNull();
    expect(transitionRefusal("claim", "pending")).toBeNull();
    expect(transitionRefusal("recordOutcome", "failed", "completed")).toBeNull();
    expect(transitionRefusal("send", "unknown", "unknown")).toBeNull();
  });

  it("never lets an award that was stopped before sending move again", () => {
    for (const stopped of ["rejected", "withdrawn", "expired"] as const)
      for (const name of Object.keys(AWARD_TRANSITIONS) as (keyof typeof AWARD_TRANSITIONS)[])
        expect(transitionRefusal(name, stopped), `${name} from ${stopped}`).not.toBeNull();
  });
});
