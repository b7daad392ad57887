"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Amount } from "@/components/ui/amount";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { reverseAwardAction } from "@/lib/actions/awards/reverse-award";
import type { ReversalInput } from "@/lib/awards/reversal-input";
import { reversalAmountProblem } from "@/lib/awards/reversal-rules";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { ReversibleLine } from "@/lib/model/reversal-status";

export interface ReverseAwardPanelProps {
  requestId: string;
  customerId: string;
  /** The service's state of the award: a queued one is cancelled whole. */
  state: string;
  isAllowance: boolean;
  wallet: string;
  lines: ReversibleLine[];
}

type Scope = "all" | "part";

/** Where the tokens come back from, in words, for the confirmation. */
function fromWhere({
  isAllowance,
  wallet,
  customerId,
}: Pick<ReverseAwardPanelProps, "isAllowance" | "wallet" | "customerId">) {
  return isAllowance
    ? `from ${customerId}'s allowance`
    : `from ${customerId}'s wallet ${wallet} back to the project wallet`;
}

/**
 * Reverse on an award's page (docs/console.md, "Reversals"): the whole award or some of its lines,
 * a reason, then one confirmation naming the exact amounts, the player and where the tokens come
 * back from. The ReversalID is minted at review and kept while the panel is open: a lost answer is
 * "outcome unknown", and Retry sends the same one, so the service reverses at most once.
 */
export function ReverseAwardPanel(props: ReverseAwardPanelProps) {
  const { requestId, customerId, state, lines } = props;
  const queued = state === "Queued";
  const reachable = lines.filter((line) => line.blocked === null);
  const [scope, setScope] = useState<Scope>("all");
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [review, setReview] = useState<ReversalInput | null>(null);
  const [unknown, setUnknown] = useState<ReversalInput | null>(null);
  const reverse = useFormAction(reverseAwardAction, {
    success: (data) =>
      data.status === "awaiting-approval"
        ? "Waiting for approval: another manager or owner must approve this reversal."
        : data.status === "done"
          ? data.answer?.state === "Cancelled"
            ? "Cancelled: the award left the queue."
            : "Reversed: the tokens were taken back."
          : null,
    failure: "Nothing was reversed.",
    onSuccess: (data, input) => {
      setReview(null);
      if (data.status === "unknown") setUnknown(input);
      else {
        setUnknown(null);
        if (data.status === "done" || data.status === "awaiting-approval") {
          setAmounts({});
          setReason("");
        }
      }
    },
    onFailure: () => setReview(null),
  });
  const keyOf = (line: ReversibleLine) => `${line.token}|${line.contract}`;
  const amountOf = (line: ReversibleLine) => amounts[keyOf(line)] ?? "";
  const [problems, setProblems] = useState<Record<string, string>>({});

  const startReview = () => {
    const found: Record<string, string> = {};
    if (!reason.trim()) found.reason = "must not be empty: say why the award is reversed";
    let chosen: ReversalInput["lines"] = null;
    if (!queued && scope === "part") {
      chosen = [];
      for (const line of reachable) {
        const text = amountOf(line).trim();
        if (text === "") continue;
        const problem = reversalAmountProblem(text, line.remaining);
        if (problem) found[keyOf(line)] = problem;
        else chosen.push({ token: line.token, contract: line.contract, amount: text });
      }
      if (chosen.length === 0 && Object.keys(found).length === 0)
        found.lines = "Enter an amount on at least one line, or take back everything.";
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setReview({ requestId, reversalId: crypto.randomUUID(), reason: reason.trim(), lines: chosen });
  };

  const taken = (input: ReversalInput) =>
    input.lines
      ? input.lines.map((l) => ({
          key: `${l.token}|${l.contract}`,
          amount: l.amount,
          symbol:
            lines.find((line) => line.token === l.token && line.contract === l.contract)?.symbol ?? l.token,
        }))
      : reachable.map((line) => ({ key: keyOf(line), amount: line.remaining, symbol: line.symbol }));

  return (
    <div className="flex flex-col gap-4">
      {queued ? (
        <p className="text-sm text-muted-foreground">
          This award waits in the queue for funds: it can only be cancelled whole, and what waits behind it
          may then settle.
        </p>
      ) : (
        <RadioGroup
          aria-label="What to take back"
          value={scope}
          onValueChange={(value) => setScope(value as Scope)}
        >
          <RadioGroupItem
            value="all"
            label="Everything still reversible"
            description={reachable.map((line) => `${groupDigits(line.remaining)} ${line.symbol}`).join(" + ")}
          />
          <RadioGroupItem value="part" label="Part of it" description="Choose an amount per line." />
        </RadioGroup>
      )}
      {!queued && scope === "part" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {lines.map((line) =>
            line.blocked ? (
              <p key={keyOf(line)} className="text-sm text-muted-foreground">
                {line.symbol}: {line.blocked}
              </p>
            ) : (
              <Field
                key={keyOf(line)}
                label={`${line.symbol} to take back`}
                hint={
                  <>
                    Up to <Amount value={line.remaining} /> (of <Amount value={line.awarded} /> awarded)
                    {line.chain ? ` on ${line.chain}` : ""}.
                  </>
                }
                error={problems[keyOf(line)]}
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountOf(line)}
                  onChange={(event) => setAmounts({ ...amounts, [keyOf(line)]: event.target.value })}
                />
              </Field>
            ),
          )}
        </div>
      ) : null}
      {!queued
        ? lines
            .filter((line) => line.blocked && scope === "all")
            .map((line) => (
              <p key={keyOf(line)} className="text-sm text-muted-foreground">
                {line.symbol}: {line.blocked}
              </p>
            ))
        : null}
      <FormError message={problems.lines ?? null} />
      <Field
        label="Reason"
        hint="Kept with the reversal and shown on the player's record."
        error={problems.reason}
      >
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <FormError message={reverse.error} />
      {unknown ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <p>
            Outcome unknown: the answer was lost on the way. Retry sends the same ReversalID{" "}
            <code className="font-mono text-xs break-all">{unknown.reversalId}</code>: the service reverses at
            most once.
          </p>
          <div>
            <Button
              type="button"
              variant="secondary"
              disabled={reverse.pending}
              onClick={() => void reverse.run(unknown)}
            >
              {reverse.pending ? "Retrying…" : "Retry reversal"}
            </Button>
          </div>
        </div>
      ) : null}
      <div>
        <Button type="button" variant="destructive" onClick={startReview} {...OPENS_CONFIRM_DIALOG}>
          {queued ? "Cancel award…" : "Review reversal…"}
        </Button>
      </div>
      <ConfirmDialog
        open={review !== null}
        tone="danger"
        title={queued ? "Cancel this queued award?" : "Reverse this award?"}
        confirmLabel={queued ? "Cancel award" : "Reverse"}
        pendingLabel={queued ? "Cancelling…" : "Reversing…"}
        pending={reverse.pending}
        onConfirm={() => review && void reverse.run(review)}
        onCancel={() => setReview(null)}
        testId="reversal-review"
      >
        {review ? (
          <div className="flex flex-col gap-2 text-sm">
            <p className="font-medium">
              {queued ? "Cancel " : "Take back "}
              {taken(review).map((t, i) => (
                <span key={t.key}>
                  {i > 0 ? " + " : ""}
                  <Amount value={t.amount} /> {t.symbol}
                </span>
              ))}{" "}
              {queued ? `awarded to ${customerId}: it will never be paid.` : `${fromWhere(props)}.`}
            </p>
            <p>Reason: {review.reason}</p>
            <p className="text-muted-foreground">
              ReversalID <code className="font-mono text-xs break-all">{review.reversalId}</code>: sent again
              after a lost answer, it reverses at most once.
            </p>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
