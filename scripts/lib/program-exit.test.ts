import { describe, expect, it } from "vitest";
import { describeExit } from "./program-exit";

describe("how the demo says a program ended", () => {
  it.each([
    [137, null, "exited with code 137 — out of memory?"],
    [134, null, "exited with code 134 — out of memory?"],
    [null, "SIGKILL", "was ended by SIGKILL — out of memory?"],
    [null, "SIGABRT", "was ended by SIGABRT — out of memory?"],
    [1, null, "exited with code 1 (see its last lines above)"],
    [0, null, "exited with code 0 (see its last lines above)"],
    [null, "SIGTERM", "was ended by SIGTERM (see its last lines above)"],
  ] as const)("exit code %s, signal %s: %s", (code, signal, expected) => {
    expect(describeExit(code, signal)).toContain(expected);
  });
});
