import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("the client's address", () => {
  it("takes the client from the last X-Forwarded-For entry, the one the nearest proxy added", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
