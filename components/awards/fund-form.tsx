"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { fundWalletAction } from "@/lib/actions/fund-wallet";
import { newRequestId, nextRequestId } from "@/lib/awards/request-id";

export interface FundTarget {
  token: string;
  contract: string;
  label: string;
  gap: string;
}

const field = "rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900";

/** Funds one contract of the project wallet; shows which queued awards the funding settled. */
export function FundForm({ targets, initialRequestId }: { targets: FundTarget[]; initialRequestId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [requestId, setRequestId] = useState(initialRequestId);
  const [target, setTarget] = useState(targets[0]?.contract ?? "");
  const [amount, setAmount] = useState(targets[0]?.gap !== "0" ? (targets[0]?.gap ?? "") : "");
  const [error, setError] = useState<string | null>(null);
  const [settled, setSettled] = useState<string[] | null>(null);
  const edited = () => {
    setRequestId((current) => nextRequestId(current, "edited", newRequestId));
    setSettled(null);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = targets.find((t) => t.contract === target);
        if (!chosen) return;
        startTransition(async () => {
          const result = await fundWalletAction({
            requestId,
            token: chosen.token,
            contract: chosen.contract,
            amount,
          });
          if (!result.ok) {
            setError(result.fieldErrors?.amount ? `Amount ${result.fieldErrors.amount}.` : result.error);
            setRequestId((current) => nextRequestId(current, "failed", newRequestId));
            return;
          }
          setError(null);
          setSettled(result.data.settled);
          setRequestId((current) => nextRequestId(current, "succeeded", newRequestId));
          router.refresh();
        });
      }}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="fund-contract" className="text-sm font-medium">
            Contract
          </label>
          <select
            id="fund-contract"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              const gap = targets.find((t) => t.contract === e.target.value)?.gap ?? "0";
              setAmount(gap !== "0" ? gap : "");
              edited();
            }}
            className={field}
          >
            {targets.map((t) => (
              <option key={t.contract} value={t.contract}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="fund-amount" className="text-sm font-medium">
            Amount
          </label>
          <input
            id="fund-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              edited();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "fund-error" : undefined}
            className={`${field} font-mono`}
          />
        </div>
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
          {pending ? "Funding…" : "Fund wallet"}
        </button>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Funding RequestID <code className="font-mono">{requestId}</code> (kept if you retry after a failure).
      </p>
      <div role="status" data-testid="fund-outcome" className="text-sm">
        {error ? (
          <p id="fund-error" className="text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {settled ? (
          settled.length === 0 ? (
            <p>Funded. No queued award could settle yet.</p>
          ) : (
            <div>
              <p className="font-medium text-emerald-800 dark:text-emerald-300">
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
    </form>
  );
}
