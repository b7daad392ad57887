import { createHash } from "node:crypto";

/** Our namespace for bulk-award RequestIDs (a fixed random UUID: changing it would re-pay files). */
export const BULK_NAMESPACE = "6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b";

/** UUID version 5 (RFC 9562): SHA-1 of the namespace's bytes and the name, version and variant set. */
export function uuidV5(name: string, namespace: string = BULK_NAMESPACE): string {
  const space = Buffer.from(namespace.replaceAll("-", ""), "hex");
  if (space.length !== 16) throw new Error("The namespace must be a UUID.");
  const hash = createHash("sha1").update(space).update(name, "utf8").digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function fileSha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * A row's RequestID: the same file (byte for byte) and row give the same RequestID on every
 * upload, on every console, so sending a file again pays nobody twice.
 */
export function rowRequestId(fileSha: string, line: number): string {
  return uuidV5(`${fileSha}:${line}`);
}
