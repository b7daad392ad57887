"use client";
import Link from "next/link";
import { useRef, useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { sendAwardAction } from "@/lib/actions/send-award";
import { AwardInput, type AwardMode } from "@/lib/awards/award-input";
import { newRequestId, nextRequestId } from "@/lib/awards/request-id";
import { fieldPath } from "@/lib/contract/issues";

export interface TokenOption {
  guid: string;
  symbol: string;
  name: string;
  contracts: { guid: string; chain: string }[];
}

interface Line {
  key: number;
  token: string;
  contract: string;
  amount: string;
}

type Outcome =
  | { kind: "sent"; status: string; error: string; requestId: string; customerId: string }
  | { kind: "refused"; error: string };

const OUTCOME_TEXT: Record<string, string> = {
  completed: "Completed: the player has the tokens.",
  queued: "Queued: waiting for project funds. It settles, in order, when the project wallet is funded.",
  accepted: "Accepted: the service took the award (it does not report whether it was paid or queued).",
};

const MODES = [
  {
    value: "allowance",
    label: "Allowance",
    help: "Recorded for the player at once, to be claimed later; needs no project funds.",
  },
  {
    value: "direct",
    label: "Direct distribution",
    help: "Paid from the project wallet into the player's wallet; waits in the queue while the project lacks funds.",
  },
] as const;

const field =
  "rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900 aria-[invalid=true]:border-red-600";

/**
 * The award form (DESIGN §7): one RequestID per award, shown; the same on a retry after a
 * failure, a new one after any edit and after a success. Validated here with the schema the
 * server action checks again; confirmed in a dialog that names the player and every amount.
 */
export function AwardForm({ tokens, initialRequestId }: { tokens: TokenOption[]; initialRequestId: string }) {
  const first = tokens[0];
  const newLine = (key: number): Line => ({
    key,
    token: first?.guid ?? "",
    contract: first?.contracts[0]?.guid ?? "",
    amount: "",
  });
  const [requestId, setRequestId] = useState(initialRequestId);
  const [customerId, setCustomerId] = useState("");
  const [mode, setMode] = useState<AwardMode>("allowance");
  const [wallet, setWallet] = useState("");
  const [mintable, setMintable] = useState(false);
  const [lines, setLines] = useState<Line[]>([newLine(0)]);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, startTransition] = useTransition();
  const dialog = useRef<HTMLDialogElement>(null);

  const edited = () => {
    setRequestId((current) => nextRequestId(current, "edited", newRequestId));
    setOutcome(null);
  };
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      edited();
    };

  const tokenOf = (guid: string) => tokens.find((token) => token.guid === guid);
  const values = () => ({
    requestId,
    customerId,
    mode,
    wallet: mode === "direct" ? wallet : "",
    mintable: mode === "allowance" && mintable,
    lines: lines.map((line) => ({
      token: line.token,
      contract: line.contract,
      chain: tokenOf(line.token)?.contracts.find((c) => c.guid === line.contract)?.chain ?? "",
      amount: line.amount,
    })),
    reason,
  });

  const review = () => {
    const parsed = AwardInput.safeParse(values());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldPath(issue.path)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    dialog.current?.showModal();
  };

  const send = () =>
    startTransition(async () => {
      const result = await sendAwardAction(values());
      dialog.current?.close();
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setOutcome({ kind: "refused", error: result.error });
        setRequestId((current) => nextRequestId(current, "failed", newRequestId));
        return;
      }
      const { status, error } = result.data;
      setOutcome({
        kind: "sent",
        status,
        error,
        requestId: result.data.requestId,
        customerId: result.data.customerId,
      });
      const succeeded = status === "completed" || status === "queued" || status === "accepted";
      setRequestId((current) => nextRequestId(current, succeeded ? "succeeded" : "failed", newRequestId));
    });

  const errorFor = (path: string) =>
    errors[path] ? (
      <p id={`${path}-error`} className="text-xs text-red-700 dark:text-red-400">
        {errors[path]}
      </p>
    ) : null;
  const invalid = (path: string) => ({
    "aria-invalid": errors[path] ? true : undefined,
    "aria-describedby": errors[path] ? `${path}-error` : undefined,
  });

  const summaryLines = values().lines.map((line, index) => {
    const token = tokenOf(line.token);
    return { index, amount: line.amount, symbol: token?.symbol ?? "?", chain: line.chain };
  });

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
        className="flex flex-col gap-5"
      >
        <p className="text-sm">
          RequestID{" "}
          <code data-testid="request-id" className="font-mono">
            {requestId}
          </code>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            Kept when you retry this award unchanged, so it is paid at most once; any edit makes a new one.
          </span>
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor="customerId" className="text-sm font-medium">
            Customer ID
          </label>
          <input
            id="customerId"
            value={customerId}
            onChange={(e) => edit(setCustomerId)(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            className={field}
            {...invalid("customerId")}
          />
          {errorFor("customerId")}
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Mode</legend>
          {MODES.map((option) => (
            <div key={option.value} className="flex items-start gap-2">
              <input
                type="radio"
                id={`mode-${option.value}`}
                name="mode"
                value={option.value}
                checked={mode === option.value}
                onChange={() => edit(setMode)(option.value)}
                aria-describedby={`mode-${option.value}-help`}
                className="mt-1"
              />
              <div>
                <label htmlFor={`mode-${option.value}`}>{option.label}</label>
                <p id={`mode-${option.value}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
                  {option.help}
                </p>
              </div>
            </div>
          ))}
        </fieldset>

        {mode === "direct" ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="wallet" className="text-sm font-medium">
              Wallet
            </label>
            <input
              id="wallet"
              value={wallet}
              onChange={(e) => edit(setWallet)(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              className={`${field} font-mono`}
              {...invalid("wallet")}
            />
            {errorFor("wallet")}
          </div>
        ) : (
          <div className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              id="mintable"
              checked={mintable}
              onChange={(e) => edit(setMintable)(e.target.checked)}
              aria-describedby="mintable-help"
            />
            <label htmlFor="mintable">Mintable</label>
            <span id="mintable-help" className="text-zinc-600 dark:text-zinc-400">
              (the player may mint these tokens on chain)
            </span>
          </div>
        )}

        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium">Tokens</legend>
          {errorFor("lines")}
          {lines.map((line, index) => {
            const token = tokenOf(line.token);
            const prefix = `lines[${index}]`;
            const update = (change: Partial<Line>) =>
              edit(setLines)(lines.map((l) => (l.key === line.key ? { ...l, ...change } : l)));
            return (
              <fieldset
                key={line.key}
                className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] dark:border-zinc-800"
              >
                <legend className="sr-only">Token line {index + 1}</legend>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${prefix}.token`} className="text-sm">
                    Token
                  </label>
                  <select
                    id={`${prefix}.token`}
                    value={line.token}
                    onChange={(e) =>
                      update({
                        token: e.target.value,
                        contract: tokenOf(e.target.value)?.contracts[0]?.guid ?? "",
                      })
                    }
                    className={field}
                  >
                    {tokens.map((t) => (
                      <option key={t.guid} value={t.guid}>
                        {t.symbol} — {t.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${prefix}.contract`} className="text-sm">
                    Contract
                  </label>
                  <select
                    id={`${prefix}.contract`}
                    value={line.contract}
                    onChange={(e) => update({ contract: e.target.value })}
                    className={field}
                    {...invalid(`${prefix}.contract`)}
                  >
                    {(token?.contracts ?? []).map((c) => (
                      <option key={c.guid} value={c.guid}>
                        {c.chain} · {c.guid.slice(0, 8)}…
                      </option>
                    ))}
                  </select>
                  {errorFor(`${prefix}.contract`)}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${prefix}.amount`} className="text-sm">
                    Amount
                  </label>
                  <input
                    id={`${prefix}.amount`}
                    inputMode="decimal"
                    value={line.amount}
                    onChange={(e) => update({ amount: e.target.value })}
                    autoComplete="off"
                    className={`${field} font-mono`}
                    {...invalid(`${prefix}.amount`)}
                  />
                  {errorFor(`${prefix}.amount`)}
                </div>
                <div className="flex items-end">
                  {lines.length > 1 ? (
                    <button
                      type="button"
                      aria-label={`Remove token line ${index + 1}`}
                      onClick={() => edit(setLines)(lines.filter((l) => l.key !== line.key))}
                      className="rounded-md border border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700"
                    >
                      Remove
                    </button>
                  ) : null}
                </div>
              </fieldset>
            );
          })}
          <div>
            <button
              type="button"
              onClick={() => edit(setLines)([...lines, newLine(Math.max(...lines.map((l) => l.key)) + 1)])}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
            >
              Add token
            </button>
          </div>
        </fieldset>

        <div className="flex flex-col gap-1">
          <label htmlFor="reason" className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id="reason"
            value={reason}
            rows={2}
            onChange={(e) => edit(setReason)(e.target.value)}
            className={field}
            {...invalid("reason")}
          />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Kept in the award trail (the service has no such field).
          </p>
          {errorFor("reason")}
        </div>

        <div>
          <button type="submit" disabled={pending || tokens.length === 0} className={PRIMARY_BUTTON}>
            Review award
          </button>
        </div>
      </form>

      <dialog
        ref={dialog}
        aria-labelledby="confirm-heading"
        className="m-auto w-full max-w-lg rounded-lg border border-zinc-300 bg-white p-6 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id="confirm-heading" className="text-lg font-semibold">
          Send this award?
        </h2>
        <dl
          data-testid="award-summary"
          className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm"
        >
          <dt className="text-zinc-600 dark:text-zinc-400">Player</dt>
          <dd className="font-medium break-all">{customerId}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Mode</dt>
          <dd>
            {mode === "allowance" ? `Allowance${mintable ? " (mintable)" : ""}` : "Direct distribution"}
          </dd>
          {mode === "direct" ? (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">Wallet</dt>
              <dd className="font-mono break-all">{wallet}</dd>
            </>
          ) : null}
          <dt className="text-zinc-600 dark:text-zinc-400">Tokens</dt>
          <dd>
            <ul>
              {summaryLines.map((line) => (
                <li key={line.index} className="font-mono">
                  {line.amount.trim()} {line.symbol} on {line.chain}
                </li>
              ))}
            </ul>
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Reason</dt>
          <dd>{reason}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">RequestID</dt>
          <dd className="font-mono text-xs">{requestId}</dd>
        </dl>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            disabled={pending}
            className="rounded-md border border-zinc-300 px-4 py-2 dark:border-zinc-700"
          >
            Cancel
          </button>
          <button type="button" onClick={send} disabled={pending} className={PRIMARY_BUTTON}>
            {pending ? "Sending…" : "Send award"}
          </button>
        </div>
      </dialog>

      <div role="status" data-testid="award-outcome" className="text-sm">
        {outcome?.kind === "refused" ? (
          <p className="text-red-700 dark:text-red-400">{outcome.error}</p>
        ) : outcome?.kind === "sent" ? (
          <div className="flex flex-col gap-1">
            {OUTCOME_TEXT[outcome.status] ? (
              <p className="font-medium text-emerald-800 dark:text-emerald-300">
                {OUTCOME_TEXT[outcome.status]}
              </p>
            ) : outcome.status === "unknown" ? (
              <p className="font-medium text-amber-800 dark:text-amber-300">
                Outcome unknown. {outcome.error}
              </p>
            ) : (
              <p className="font-medium text-red-700 dark:text-red-400">Failed. {outcome.error}</p>
            )}
            <p>
              <Link
                href={`/players/${encodeURIComponent(outcome.customerId)}`}
                className="underline underline-offset-2"
              >
                Player {outcome.customerId}
              </Link>
              {" · "}
              <Link href={`/awards/${outcome.requestId}`} className="underline underline-offset-2">
                Award {outcome.requestId}
              </Link>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
