"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { approveRequestAction } from "@/lib/actions/approvals/approve-request";
import { rejectRequestAction } from "@/lib/actions/approvals/reject-request";
import { withdrawRequestAction } from "@/lib/actions/approvals/withdraw-request";
import { type ApprovalChoices, approveOutcomeMessage } from "@/lib/approvals/approval-view";
import { queryKeys } from "@/lib/live/query-keys";

/** The reject action's rule for the reason (lib/actions/reject-request.ts), checked first in the browser. */
const NOTE_MAX = 500;
const noteProblem = (note: string): string | null =>
  note.trim() === ""
    ? "Reason: say why, for the person who asked"
    : note.trim().length > NOTE_MAX
      ? `Reason: at most ${NOTE_MAX} characters`
      : null;

export interface ApprovalActionsProps extends ApprovalChoices {
  approvalId: number;
  /** The approval dialog's question: "Send 5,000 GEM to player-1002?". */
  question: string;
  /** What the dialog restates under the question: mode, lines or rows, the reason. */
  details: string[];
  /** The viewer has two-factor sign-in set up: approving asks for a fresh code, so it needs one. */
  secondFactor: boolean;
}

/**
 * What a person can do with a request on its page (docs/console.md, "Approvals"): approve and send
 * or reject someone else's, withdraw their own. Every act is confirmed in a dialog; approving and
 * rejecting ask for a fresh second factor when the server wants one (step-up). The server checks
 * again who may decide, so this only offers what it would allow.
 */
export function ApprovalActions({
  approvalId,
  question,
  details,
  own,
  approve,
  reject,
  withdraw,
  secondFactor,
}: ApprovalActionsProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");

  /** Whatever happened, the overview and the award badges read again. */
  const reread = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
    void queryClient.invalidateQueries({ queryKey: ["overview"] });
  };
  // A refusal often means the request changed meanwhile (another person decided, it expired). The
  // action guard revalidates only after a success (lib/actions/define-action.ts), so after a refusal
  // the page is read again here, to show the request as it now is.
  const rereadAfterRefusal = () => {
    reread();
    router.refresh();
  };

  const approving = useFormAction(approveRequestAction, {
    failure: "Not approved: nothing was sent.",
    onSuccess: (data) => {
      const said = approveOutcomeMessage(data);
      toast[said.tone](said.message);
      reread();
    },
    onFailure: rereadAfterRefusal,
  });
  const rejection = useFormAction(rejectRequestAction, {
    // A refused reason shows under its field, and the dialog stays open to mend it.
    sentence: { unlessShown: ["note"] },
    onSuccess: () => {
      setRejecting(false);
      toast.success("Rejected: nothing was sent.");
      reread();
    },
    onFailure: ({ fieldErrors }) => {
      if (fieldErrors?.note) return;
      setRejecting(false);
      toast.error("Not rejected.");
      rereadAfterRefusal();
    },
  });
  const withdrawal = useFormAction(withdrawRequestAction, {
    success: "Withdrawn: nothing was sent.",
    failure: "Not withdrawn.",
    onSuccess: reread,
    onFailure: rereadAfterRefusal,
  });
  const acts = [approving, rejection, withdrawal];
  // One line says how the last act went: each act clears what the others said.
  const only = (act: (typeof acts)[number]) => {
    for (const other of acts) if (other !== act) other.showErrors({});
  };
  const error = acts.find((act) => act.error !== null)?.error ?? null;
  const noteError = rejection.fieldErrors.note ?? null;
  const { pending } = rejection;

  const approveNow = async () => {
    only(approving);
    await approving.run({ approvalId });
  };

  const rejectNow = () => {
    const problem = noteProblem(note);
    if (problem) return rejection.showErrors({ fieldErrors: { note: problem } });
    only(rejection);
    void rejection.run({ approvalId, note: note.trim() });
  };

  const withdrawNow = async () => {
    only(withdrawal);
    await withdrawal.run({ approvalId });
  };

  const summary = (
    <ul className="mb-2 flex flex-col gap-1 break-words">
      {details.map((detail) => (
        <li key={detail}>{detail}</li>
      ))}
    </ul>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="approval-actions">
      {own ? (
        <p data-testid="approval-own" className="text-sm">
          You asked for this. Another manager or owner must approve this.
        </p>
      ) : null}
      {approve && !secondFactor ? (
        <p data-testid="approval-needs-mfa" className="text-sm text-warning">
          Approving needs two-factor sign-in: set it up on your{" "}
          <Link href="/account" className="underline underline-offset-2">
            Account
          </Link>{" "}
          page, then approve with a code.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {approve ? (
          <ConfirmButton
            label="Approve and send"
            disabled={!secondFactor || pending}
            className="w-full sm:w-auto"
            title={question}
            confirmLabel="Approve and send"
            pendingLabel="Sending…"
            testId="approve-confirm"
            onConfirm={approveNow}
          >
            {summary}
            <p>
              It is sent at once, with the RequestID it was written with. You will be asked for a code from
              your authenticator app if you have not given one in the last minutes.
            </p>
          </ConfirmButton>
        ) : null}
        {reject ? (
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            aria-haspopup="dialog"
            {...OPENS_CONFIRM_DIALOG}
            disabled={pending}
            onClick={() => {
              rejection.showErrors({ error: rejection.error });
              setRejecting(true);
            }}
          >
            Reject
          </Button>
        ) : null}
        {withdraw ? (
          <ConfirmButton
            label="Withdraw"
            variant="outline"
            className="w-full sm:w-auto"
            title="Withdraw this request?"
            confirmLabel="Withdraw"
            pendingLabel="Withdrawing…"
            tone="danger"
            testId="withdraw-confirm"
            onConfirm={withdrawNow}
          >
            {summary}
            <p>Nothing is sent and nobody can approve it any more. To send it after all, send it again.</p>
          </ConfirmButton>
        ) : null}
      </div>
      {reject ? (
        <ConfirmDialog
          open={rejecting}
          title="Reject this request?"
          confirmLabel="Reject"
          pendingLabel="Rejecting…"
          tone="danger"
          pending={pending}
          onConfirm={rejectNow}
          onCancel={() => setRejecting(false)}
          testId="reject-confirm"
        >
          {summary}
          <p className="mb-3">Nothing is sent, and the request ends here.</p>
          <Field id="reject-note" label="Reason" hint="The person who asked reads it." error={noteError}>
            <Textarea
              value={note}
              maxLength={NOTE_MAX}
              onChange={(event) => {
                setNote(event.target.value);
                if (noteError) rejection.showErrors({ error: rejection.error });
              }}
            />
          </Field>
        </ConfirmDialog>
      ) : null}
      {error ? (
        <p role="status" data-testid="approval-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
