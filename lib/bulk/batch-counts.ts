import type { AwardStatus } from "@/lib/model/award-status";

/** A batch's rows counted by trail status, and in all: plain data, shown by the browser's progress bar. */
export type BatchCounts = Record<AwardStatus, number> & { total: number };
