"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { verifyAuditLogAction } from "@/lib/actions/audit/verify-audit-log";

/** Walks the whole chain on the server and says whether it holds, or which row is the first broken one. */
export function VerifyAuditButton() {
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  // A check, not a change: nothing to revalidate, no step-up, no toast; the verdict stays under the button.
  const verify = useFormAction(verifyAuditLogAction, {
    onSuccess: (chain) =>
      setVerdict(
        chain.ok
          ? { ok: true, text: `Verified: all ${chain.rows} rows are intact and chained.` }
          : {
              ok: false,
              text: `Broken at row ${chain.brokenId}: ${chain.problem}. Rows from there on cannot be trusted.`,
            },
      ),
    onFailure: (failure) => setVerdict({ ok: false, text: failure.error }),
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" disabled={verify.pending} onClick={() => void verify.run({})}>
        {verify.pending ? "Verifying…" : "Verify"}
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
