import { describe, expect, it } from "vitest";
import { ServiceCallError } from "@/lib/client/call-service";
import { extensionRefusal, readExtension } from "./extension-refusal";

const refused = (status: number, code: string | null = null) =>
  new ServiceCallError(`The service refused the request: HTTP ${status}`, "refused", { status, code });

describe("extensionRefusal: what the Keys and Requests pages say instead of failing", () => {
  it.each([
    ["404 (a service that implements the spec only)", refused(404), { kind: "missing" }],
    ["405", refused(405), { kind: "missing" }],
    [
      "403 KEY_NOT_ALLOWED (the console's key lacks the keys scope)",
      refused(403, "KEY_NOT_ALLOWED"),
      { kind: "not-allowed", message: "The service refused the request: HTTP 403" },
    ],
  ])("%s", (_name, error, expected) => {
    expect(extensionRefusal(error)).toEqual(expected);
  });

  it("leaves every other failure to the page's failure panel", async () => {
    for (const error of [
      refused(401, "INVALID_API_KEY"),
      refused(500),
      new ServiceCallError("The service did not answer within 10 seconds.", "timeout"),
      new Error("a bug"),
    ])
      expect(extensionRefusal(error)).toBeNull();
    await expect(readExtension(() => Promise.reject(refused(404)))).resolves.toEqual({
      state: "unavailable",
      kind: "missing",
    });
    await expect(readExtension(() => Promise.reject(refused(500)))).rejects.toThrow("HTTP 500");
    await expect(readExtension(async () => 7)).resolves.toEqual({ state: "ok", data: 7 });
  });
});
