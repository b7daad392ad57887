"use client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { verifyAuditLogAction } from "@/lib/actions/audit/verify-audit-log";

/** Walks the whole chain on the server and says whether it holds, or which row is the first broken one. */
export function VerifyAuditButton() {
  const [pending, startTransition] = useTransition();
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await verifyAuditLogAction({});
            if (!result.ok) setVerdict({ ok: false, text: result.error });
            else if (result.data.ok)
              setVerdict({
                ok: true,
                text: `Verified: all ${result.data.rows} rows are intact and chained.`,
              });
            else
              setVerdict({
                ok: false,
                text: `Broken at row ${result.data.brokenId}: ${result.data.problem}. Rows from there on cannot be trusted.`,
              });
          })
        }
      >
        {pending ? "Verifying…" : "Verify"}
      </Button>
      {verdict ? (
        <p
          role="status"
          data-testid="audit-verdict"
          className={verdict.ok ? "text-sm text-success" : "text-sm text-destructive"}
        >
          {verdict.text}
        </p>
      ) : null}
    </div>
  );
}
