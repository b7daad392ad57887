import { cn } from "@/components/ui/cn";

export interface ActNoticeProps {
  notice: { ok: boolean; text: string } | null;
  testId: string;
}

/** The line above a page's list that says what the last act did, or why it did not (a live status). */
export function ActNotice({ notice, testId }: ActNoticeProps) {
  if (!notice) return null;
  return (
    <p
      role="status"
      data-testid={testId}
      className={cn(
        "rounded-md border p-3 text-sm break-words",
        notice.ok ? "border-success/40 bg-success/10" : "border-destructive/40 bg-destructive/10",
      )}
    >
      {notice.text}
    </p>
  );
}
