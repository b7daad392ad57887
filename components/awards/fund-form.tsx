"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { fundWalletAction } from "@/lib/actions/awards/fund-wallet";
import { checkAmount } from "@/lib/awards/award-input-client";
import { newRequestId, type RequestIdState, reviewRequestId, settleRequestId } from "@/lib/awards/request-id";
import { queryKeys } from "@/lib/live/query-keys";

export interface FundTarget {
  token: string;
  contract: string;
  label: string;
  gap: string;
}

/**
 * Funds one contract of the project wallet after the person confirms the contract and the exact
 * amount; shows which queued awards the funding settled. The funding's RequestID follows the
 * award form's rule (lib/awards/request-id.ts): bound at review, kept for an unchanged retry.
 */
export function FundForm({ targets, initialRequestId }: { targets: FundTarget[]; initialRequestId: string }) {
  const queryClient = useQueryClient();
  const [rid, setRid] = useState<RequestIdState>({ id: initialRequestId, boundTo: null });
  const [confirming, setConfirming] = useState(false);
  const [target, setTarget] = useState(targets[0]?.contract ?? "");
  const [amount, setAmount] = useState(targets[0]?.gap !== "0" ? (targets[0]?.gap ?? "") : "");
  const [settled, setSettled] = useState<string[] | null>(null);
  const edited = () => setSettled(null);
  const chosen = targets.find((t) => t.contract === target);
  /** Whatever the answer, the wallet and the award badges read again. */
  const answered = (outcome: "failed" | "succeeded") => {
    setConfirming(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
    setRid((current) => settleRequestId(current, outcome, newRequestId));
  };
  const funding = useFormAction(fundWalletAction, {
    success: `Funded ${chosen?.label}.`,
    failure: "The wallet was not funded.",
    onFailure: () => answered("failed"),
    onSuccess: (data) => {
      answered("succeeded");
      setSettled(data.settled);
    },
  });
  const { pending } = funding;
  // The amount is the one field: its rule reads as a sentence in the outcome below.
  const error = funding.fieldErrors.amount ? `Amount ${funding.fieldErrors.amount}.` : funding.error;
  const fund = () => {
    if (!chosen) return;
    void funding.run({ requestId: rid.id, token: chosen.token, contract: chosen.contract, amount });
  };
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        const checked = checkAmount(amount);
        if (!checked.ok) {
          funding.showErrors({ fieldErrors: { amount: checked.problem } });
          return;
        }
        funding.showErrors({});
        setAmount(checked.amount);
        setRid((current) => reviewRequestId(current, `${chosen.contract} ${checked.amount}`, newRequestId));
        setConfirming(true);
      }}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <Field id="fund-contract" label="Contract" className="sm:min-w-64">
          <Select
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              const gap = targets.find((t) => t.contract === e.target.value)?.gap ?? "0";
              setAmount(gap !== "0" ? gap : "");
              edited();
            }}
          >
            {targets.map((t) => (
              <option key={t.contract} value={t.contract}>
                {t.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="fund-amount" label="Amount">
          <Input
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              edited();
            }}
            // The error shows in the outcome below, which screen readers announce.
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "fund-error" : undefined}
            className="font-mono"
          />
        </Field>
        <Button type="submit" {...OPENS_CONFIRM_DIALOG} disabled={pending} className="w-full sm:w-auto">
          Fund wallet
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Funding RequestID <code className="font-mono">{rid.id}</code> (kept if you retry after a failure).
      </p>
      <ConfirmDialog
        open={confirming}
        title="Fund the project wallet?"
        confirmLabel="Fund wallet"
        pendingLabel="Funding…"
        pending={pending}
        onConfirm={fund}
        onCancel={() => setConfirming(false)}
        testId="fund-confirm"
      >
        <p>
          Adds <span className="font-mono font-medium">{amount}</span> to {chosen?.label ?? "the contract"} in
          the project wallet. Queued awards of that contract then settle in order.
        </p>
        <p className="mt-2 font-mono text-xs break-all">
          Contract {chosen?.contract} · RequestID {rid.id}
        </p>
      </ConfirmDialog>
      <div role="status" data-testid="fund-outcome" className="text-sm">
        {error ? (
          <p id="fund-error" className="text-destructive">
            {error}
          </p>
        ) : null}
        {settled ? (
          settled.length === 0 ? (
            <p>Funded. No queued award could settle yet.</p>
          ) : (
            <div>
              <p className="font-medium text-success">
                Funded. {settled.length} queued award{settled.length === 1 ? "" : "s"} settled:
              </p>
              <ul className="font-mono text-xs">
                {settled.map((id) => (
                  <li key={id}>
                    <Link href={`/awards/${id}`} className="underline underline-offset-2">
                      {id}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : null}
      </div>
    </Form>
  );
}
