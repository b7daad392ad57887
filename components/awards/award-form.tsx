"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { AwardOutcome, type Outcome, SUCCEEDED } from "@/components/awards/award-outcome";
import { AwardReview, type AwardReviewProps } from "@/components/awards/award-review";
import { PlayerCheck } from "@/components/awards/player-check";
import { playerSummaryQuery, usePlayerSummary, useSettledValue } from "@/components/live/use-player-summary";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/ui/styles";
import { sendAwardAction } from "@/lib/actions/send-award";
import { AwardInput, type AwardMode, type ParsedAward } from "@/lib/awards/award-input";
import {
  freshRequestId,
  newRequestId,
  type RequestIdState,
  reviewRequestId,
  settleRequestId,
} from "@/lib/awards/request-id";
import { fieldPath } from "@/lib/contract/issues";
import { queryKeys } from "@/lib/live/query-keys";
import { checkCustomerId } from "@/lib/players/customer-id";
import type { PlayerSummary } from "@/lib/players/player-summary";

/** What the player holds of a token, once the service has said; null while unknown or for a new player. */
function holdsOf(summary: PlayerSummary | undefined, token: string): string | null {
  if (!summary || summary.isNew) return null;
  return summary.tokens.find((t) => t.guid.toLowerCase() === token.toLowerCase())?.total ?? "0";
}

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

interface Draft {
  customerId: string;
  mode: AwardMode;
  wallet: string;
  mintable: boolean;
  lines: Line[];
  reason: string;
}

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

/** The award as the RequestID rule compares it: every field the person chose, in one text. */
const awardKey = ({ requestId: _id, confirmNewPlayer: _confirm, ...award }: ParsedAward) =>
  JSON.stringify(award);

/**
 * The award form (docs/console.md, "Awards"): validated here with the schema the server action
 * checks again; reviewed in the one confirmation dialog that shows the exact Customer ID, every
 * amount and whether the service knows the player; after a success it resets for a new award
 * ("Award again" is an explicit copy with a new RequestID). The RequestID is bound at review
 * (lib/awards/request-id.ts): the same for an unchanged retry after a failure, new otherwise.
 */
export function AwardForm({
  tokens,
  initialRequestId,
  initialCustomerId = "",
}: {
  tokens: TokenOption[];
  initialRequestId: string;
  initialCustomerId?: string;
}) {
  const first = tokens[0];
  const newLine = (key: number): Line => ({
    key,
    token: first?.guid ?? "",
    contract: first?.contracts[0]?.guid ?? "",
    amount: "",
  });
  const emptyDraft = (customerId = ""): Draft => ({
    customerId,
    mode: "allowance",
    wallet: "",
    mintable: false,
    lines: [newLine(0)],
    reason: "",
  });
  const queryClient = useQueryClient();
  const [rid, setRid] = useState<RequestIdState>({ id: initialRequestId, boundTo: null });
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialCustomerId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [lastSent, setLastSent] = useState<Draft | null>(null);
  const [copied, setCopied] = useState(false);
  const [review, setReview] = useState<Omit<AwardReviewProps, "check"> | null>(null);
  const [check, setCheck] = useState<AwardReviewProps["check"]>({ state: "checking" });
  const [pending, startTransition] = useTransition();

  const { customerId, mode, wallet, mintable, lines, reason } = draft;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const setLines = set("lines");

  const typedId = checkCustomerId(customerId);
  const settledId = useSettledValue(typedId.ok ? typedId.id : null);
  const player = usePlayerSummary(settledId);
  // Only what is known of the ID in the field now: never the last player's figures while typing.
  const current = typedId.ok && settledId === typedId.id ? settledId : null;
  const summary = current !== null && player.data?.customerId === current ? player.data : undefined;
  const holds = (token: string) => holdsOf(summary, token);

  const tokenOf = (guid: string) => tokens.find((token) => token.guid === guid);
  const values = (requestId: string) => ({
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

  const startReview = () => {
    const parsed = AwardInput.safeParse(values(rid.id));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldPath(issue.path)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const award = parsed.data;
    const next = reviewRequestId(rid, awardKey(award), newRequestId);
    setRid(next);
    // The field shows what will be sent.
    setDraft((d) => ({ ...d, customerId: award.customerId }));
    setReview({
      customerId: award.customerId,
      trimmed: award.customerId !== customerId,
      mode: award.mode,
      mintable: award.mintable,
      wallet: award.wallet,
      lines: award.lines.map((line, index) => ({
        index,
        amount: line.amount,
        symbol: tokenOf(line.token)?.symbol ?? "?",
        chain: line.chain,
        token: line.token,
      })),
      reason: award.reason,
      requestId: next.id,
    });
    setCheck({ state: "checking" });
    // Asked again now, not from the cache: the review must say what the service knows at this moment.
    queryClient
      .fetchQuery({ ...playerSummaryQuery(award.customerId), staleTime: 0 })
      .then((fresh) => setCheck(fresh.isNew ? { state: "new" } : { state: "known", summary: fresh }))
      .catch((error: Error) => setCheck({ state: "failed", error: error.message }));
  };

  const send = () =>
    startTransition(async () => {
      if (!review) return;
      const sentDraft = draft;
      const result = await sendAwardAction({
        ...values(review.requestId),
        confirmNewPlayer: check.state === "new" || check.state === "failed",
      });
      setReview(null);
      setCopied(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.player(review.customerId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setOutcome({ kind: "refused", error: result.error });
        setRid((current) => settleRequestId(current, "failed", newRequestId));
        toast.error("The award was not sent.");
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
      if (SUCCEEDED.includes(status)) {
        // A new, empty award: the one just sent cannot be sent again by a second click.
        setRid(freshRequestId(newRequestId));
        setLastSent(sentDraft);
        setDraft(emptyDraft());
        toast.success(`Award ${status} for ${result.data.customerId}.`);
      } else {
        setRid((current) => settleRequestId(current, "failed", newRequestId));
        toast.warning(status === "unknown" ? "Outcome unknown: retry it safely." : "The award failed.");
      }
    });

  const awardAgain = () => {
    if (!lastSent) return;
    setDraft(lastSent);
    setOutcome(null);
    setCopied(true);
  };

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

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AwardOutcome outcome={outcome} onAwardAgain={awardAgain} />
      {copied ? (
        <p
          data-testid="award-again-note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          A copy of the last award. It is a new award with a new RequestID: sending it pays the player again.
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          startReview();
        }}
        className="flex flex-col gap-5"
      >
        <p className="text-sm">
          RequestID{" "}
          <code data-testid="request-id" className="font-mono break-all">
            {rid.id}
          </code>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            Kept when you send this award again unchanged after a failure, so it is paid at most once; a new
            one when you review an edited award, and after a success.
          </span>
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor="customerId" className="text-sm font-medium">
            Customer ID
          </label>
          <input
            id="customerId"
            value={customerId}
            onChange={(e) => set("customerId")(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            className={field}
            {...invalid("customerId")}
          />
          {errorFor("customerId")}
          <PlayerCheck
            customerId={current}
            summary={summary}
            loading={current !== null && !summary && !player.error}
            error={current !== null ? player.error : null}
          />
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
                onChange={() => set("mode")(option.value)}
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
              onChange={(e) => set("wallet")(e.target.value)}
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
              onChange={(e) => set("mintable")(e.target.checked)}
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
              setLines(lines.map((l) => (l.key === line.key ? { ...l, ...change } : l)));
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
                  {holds(line.token) !== null ? (
                    <p data-testid={`holds-${index}`} className="text-xs text-zinc-600 dark:text-zinc-400">
                      Player holds <span className="font-mono">{holds(line.token)}</span> {token?.symbol}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-end">
                  {lines.length > 1 ? (
                    <button
                      type="button"
                      aria-label={`Remove token line ${index + 1}`}
                      onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
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
              onClick={() => setLines([...lines, newLine(Math.max(...lines.map((l) => l.key)) + 1)])}
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
            onChange={(e) => set("reason")(e.target.value)}
            className={field}
            {...invalid("reason")}
          />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Kept in the award trail (the service has no such field).
          </p>
          {errorFor("reason")}
        </div>

        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={pending || tokens.length === 0} className={PRIMARY_BUTTON}>
            Review award
          </button>
          {copied ||
          outcome?.kind === "refused" ||
          (outcome?.kind === "sent" && !SUCCEEDED.includes(outcome.status)) ? (
            <button
              type="button"
              onClick={() => {
                setDraft(emptyDraft());
                setRid(freshRequestId(newRequestId));
                setOutcome(null);
                setCopied(false);
              }}
              className={SECONDARY_BUTTON}
            >
              Clear form
            </button>
          ) : null}
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        title="Send this award?"
        confirmLabel="Send award"
        pendingLabel="Sending…"
        pending={pending}
        confirmDisabled={check.state === "checking"}
        acknowledge={
          check.state === "new"
            ? `Send to this new player: “${review?.customerId ?? ""}” is the right ID.`
            : check.state === "failed"
              ? "Send without knowing whether the service knows this player."
              : undefined
        }
        onConfirm={send}
        onCancel={() => setReview(null)}
      >
        {review ? <AwardReview {...review} check={check} /> : null}
      </ConfirmDialog>
    </div>
  );
}
