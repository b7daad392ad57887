import { describe, expect, it } from "vitest";
import { fileSha256, rowRequestId, uuidV5 } from "./request-ids";

describe("bulk RequestIDs", () => {
  it("is RFC 9562 UUIDv5 (the RFC's DNS example)", () => {
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("is the same for the same file and row, and differs by row and by any byte of the file", () => {
    const file = new TextEncoder().encode("customer_id,token,amount,mode\nplayer-1,GOLD,1,allowance\n");
    const sha = fileSha256(file);
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(rowRequestId(sha, 2)).toBe(rowRequestId(fileSha256(Uint8Array.from(file)), 2));
    expect(rowRequestId(sha, 2)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(rowRequestId(sha, 3)).not.toBe(rowRequestId(sha, 2));
    const edited = new TextEncoder().encode("customer_id,token,amount,mode\nplayer-1,GOLD,2,allowance\n");
    expect(rowRequestId(fileSha256(edited), 2)).not.toBe(rowRequestId(sha, 2));
  });

  it("stays what it was: the file's bytes and the line, not the trimmed Customer ID (a change would re-pay files)", () => {
    // Pinned: computed independently with Python's uuid.uuid5(BULK_NAMESPACE, f"{sha}:2").
    const file = new TextEncoder().encode(
      'customer_id,token,amount,mode\n" player-1001 ",GOLD,1,allowance\n',
    );
    const sha = fileSha256(file);
    expect(sha).toBe("e395791b3979dbf76082733696019d61fef884310e0c0a87e4495cbe39541860");
    expect(rowRequestId(sha, 2)).toBe("5387a4d0-ae55-54fd-8f09-6e83df9e0632");
  });
});
