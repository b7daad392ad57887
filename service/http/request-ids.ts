import { randomBytes } from "node:crypto";

/**
 * The ids the service gives calls that bring no usable `X-Request-Id` (docs/service.md,
 * "X-Request-Id"): UUIDs of version 8 made of 74 random bits drawn when the app starts and a
 * 48-bit counter, `xxxxxxxx-xxxx-8xxx-yxxx-cccccccccccc`. They are unique across instances and
 * restarts like random UUIDs, and one instance's ids differ only in their last 12 hex digits, so
 * the request log keeps a number per call instead of 36 characters (service/domain/request-log.ts).
 */
export class RequestIds {
  /** The first 24 characters every id of this instance shares (`xxxxxxxx-xxxx-8xxx-yxxx-`). */
  readonly prefix: string;
  private made = 0;

  constructor() {
    const hex = randomBytes(10).toString("hex");
    // Version 8 (custom) in the third group, the RFC 9562 variant (10xx) in the fourth.
    const variant = ((Number.parseInt(hex[12] as string, 16) & 0x3) | 0x8).toString(16);
    this.prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-`;
  }

  /** The counter of the last id made (0: none yet). */
  get counter(): number {
    return this.made;
  }

  next(): string {
    this.made += 1;
    return this.prefix + this.made.toString(16).padStart(12, "0");
  }
}
