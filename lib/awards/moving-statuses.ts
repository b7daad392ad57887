import type { AwardStatus } from "@/lib/model/award-status";

/**
 * Statuses that change without anyone acting here: a queued award settles, a bulk row is sent, an
 * award waiting for approval is decided by someone else.
 */
export const MOVING_STATUSES: readonly AwardStatus[] = ["queued", "sending", "pending", "awaiting-approval"];
