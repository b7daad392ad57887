"use client";
import type { TokenOption } from "@/components/awards/award-draft";
import { AwardReview, type AwardReviewProps } from "@/components/awards/award-review";
import { PolicyNotice } from "@/components/awards/token-rules-note";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { FocusAfterClose } from "@/components/ui/dialog";
import { linesAgainstRules, type TokenRules } from "@/lib/approvals/policy-model";

export interface AwardReviewDialogProps {
  /** The checked award under review; null: the dialog is closed. */
  review: Omit<AwardReviewProps, "check"> | null;
  /** What the service said of the player just now. */
  check: AwardReviewProps["check"];
  forecast?: AwardReviewProps["forecast"];
  tokens: TokenOption[];
  rules: TokenRules[];
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  focusAfterClose?: FocusAfterClose;
}

/**
 * The award form's one confirmation (docs/console.md, "Awards"): the exact Customer ID, every amount,
 * whether the service knows the player, and the owners' policy: over a threshold it asks for approval
 * instead of sending.
 */
export function AwardReviewDialog({
  review,
  check,
  forecast,
  tokens,
  rules,
  pending,
  onConfirm,
  onCancel,
  focusAfterClose,
}: AwardReviewDialogProps) {
  const policyChecks = (review?.lines ?? []).length
    ? linesAgainstRules(
        (review?.lines ?? []).map((line) => ({ token: line.token, amount: line.amount })),
        rules,
      ).map((rule) => ({
        ...rule,
        symbol: tokens.find((t) => t.guid.toLowerCase() === rule.tokenGuid)?.symbol ?? "?",
      }))
    : [];
  const needsApproval = policyChecks.some((rule) => rule.needsApproval);
  return (
    <ConfirmDialog
      open={review !== null}
      title={needsApproval ? "Ask for approval of this award?" : "Send this award?"}
      confirmLabel={needsApproval ? "Ask for approval" : "Send award"}
      pendingLabel={needsApproval ? "Asking…" : "Sending…"}
      pending={pending}
      confirmDisabled={check.state === "checking"}
      acknowledge={
        check.state === "new"
          ? `Send to this new player: “${review?.customerId ?? ""}” is the right ID.`
          : check.state === "failed"
            ? "Send without knowing whether the service knows this player."
            : undefined
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
      focusAfterClose={focusAfterClose}
    >
      {review ? <AwardReview {...review} check={check} forecast={forecast} /> : null}
      <PolicyNotice checks={policyChecks} />
    </ConfirmDialog>
  );
}
