import { describe, expect, it } from "vitest";
import { acceptedAwardStatus, failedAwardStatus } from "./outcome";

describe("what a failed award call means", () => {
  it.each([
    ["a refusal with the service's error", { kind: "refused", status: 400, networkCode: null }, "failed"],
    [
      "a 409 (RequestID reused with another body)",
      { kind: "refused", status: 409, networkCode: null },
      "failed",
    ],
    [
      "a 500: the service may have written it",
      { kind: "refused", status: 500, networkCode: null },
      "unknown",
    ],
    [
      "a refused connection: never delivered",
      { kind: "unreachable", status: null, networkCode: "ECONNREFUSED" },
      "failed",
    ],
    ["an unknown host", { kind: "unreachable", status: null, networkCode: "ENOTFOUND" }, "failed"],
    [
      "an address the console does not call: refused before sending",
      { kind: "unreachable", status: null, networkCode: "ADDRESS_NOT_ALLOWED" },
      "failed",
    ],
    [
      "a redirect to such an address: the first hop was answered",
      { kind: "unreachable", status: null, networkCode: "REDIRECT_NOT_ALLOWED" },
      "unknown",
    ],
    [
      "a connection closed after sending",
      { kind: "unreachable", status: null, networkCode: "UND_ERR_SOCKET" },
      "unknown",
    ],
    ["a reset connection", { kind: "unreachable", status: null, networkCode: "ECONNRESET" }, "unknown"],
    ["no network code at all", { kind: "unreachable", status: null, networkCode: null }, "unknown"],
    ["a timeout", { kind: "timeout", status: null, networkCode: null }, "unknown"],
    ["an unreadable answer", { kind: "invalid-response", status: 200, networkCode: null }, "unknown"],
    [
      "an answer the console was too busy to read, even with a 4xx status",
      { kind: "busy", status: 400, networkCode: null },
      "unknown",
    ],
    [
      "an answer too large to read: delivered, so never failed",
      { kind: "too-large", status: 200, networkCode: null },
      "unknown",
    ],
    [
      "an answer too large to read, even with a 4xx status",
      { kind: "too-large", status: 400, networkCode: null },
      "unknown",
    ],
  ] as const)("%s is %s", (_name, failure, expected) => {
    expect(failedAwardStatus(failure)).toBe(expected);
  });

  it("reads our Status extension, and plain acceptance without it", () => {
    expect(acceptedAwardStatus("Completed")).toBe("completed");
    expect(acceptedAwardStatus("Queued")).toBe("queued");
    expect(acceptedAwardStatus(undefined)).toBe("accepted");
  });
});
