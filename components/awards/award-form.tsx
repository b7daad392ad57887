"use client";
import { useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useState, useTransition } from "react";
import { AwardOutcome, type Outcome, SUCCEEDED } from "@/components/awards/award-outcome";
import { AwardReview, type AwardReviewProps } from "@/components/awards/award-review";
import { PlayerCheck } from "@/components/awards/player-check";
import { PolicyNotice, TokenRulesNote } from "@/components/awards/token-rules-note";
import { playerSummaryQuery, usePlayerSummary, useSettledValue } from "@/components/live/use-player-summary";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { sendAwardAction } from "@/lib/actions/send-award";
import { linesAgainstRules, type TokenRules } from "@/lib/approvals/policy-model";
import type { ParsedAward } from "@/lib/awards/award-input";
import { checkAward } from "@/lib/awards/award-input-client";
import type { AwardMode } from "@/lib/awards/award-rules";
import {
  freshRequestId,
  newRequestId,
  type RequestIdState,
  reviewRequestId,
  settleRequestId,
} from "@/lib/awards/request-id";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { queryKeys } from "@/lib/live/query-keys";
import type { PlayerSummary } from "@/lib/players/holdings";

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

/** The award as the RequestID rule compares it: every field the person chose, in one text. */
const awardKey = ({ requestId: _id, confirmNewPlayer: _confirm, ...award }: ParsedAward) =>
  JSON.stringify(award);

/**
 * The award form (docs/console.md, "Awards"): validated here with the rules the server action
 * checks again (award-input-client.ts: the same rules without a schema library); reviewed in the one confirmation dialog that shows the exact Customer ID, every
 * amount and whether the service knows the player; after a success it resets for a new award
 * ("Award again" is an explicit copy with a new RequestID). The RequestID is bound at review
 * (lib/awards/request-id.ts): the same for an unchanged retry after a failure, new otherwise.
 */
export function AwardForm({
  tokens,
  initialRequestId,
  initialCustomerId = "",
  rules = [],
}: {
  tokens: TokenOption[];
  initialRequestId: string;
  initialCustomerId?: string;
  /** The person's thresholds and what remains of their daily limits, per token (lower-cased GUIDs). */
  rules?: TokenRules[];
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
  const ruleOf = (guid: string) => rules.find((rule) => rule.tokenGuid === guid.toLowerCase());
  const policyChecks = (review?.lines ?? []).length
    ? linesAgainstRules(
        (review?.lines ?? []).map((line) => ({ token: line.token, amount: line.amount })),
        rules,
      ).map((check) => ({
        ...check,
        symbol: tokens.find((t) => t.guid.toLowerCase() === check.tokenGuid)?.symbol ?? "?",
      }))
    : [];
  const needsApproval = policyChecks.some((check) => check.needsApproval);
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
    const parsed = checkAward(values(rid.id));
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
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
        approvalId: result.data.approvalId ?? null,
      });
      if (status === "awaiting-approval") {
        // Written and waiting: this RequestID is taken; the form starts a new award.
        setRid(freshRequestId(newRequestId));
        setLastSent(sentDraft);
        setDraft(emptyDraft());
        toast.info(
          `Waiting for approval: nothing is sent to ${result.data.customerId} until another person approves.`,
        );
      } else if (SUCCEEDED.includes(status)) {
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

  const errorOf = (path: string) => errors[path];

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AwardOutcome outcome={outcome} onAwardAgain={awardAgain} />
      {copied ? (
        <p
          data-testid="award-again-note"
          className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-foreground"
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
        className="flex flex-col gap-6"
      >
        <p className="text-sm">
          <span className="text-muted-foreground">RequestID</span>{" "}
          <code data-testid="request-id" className="font-mono break-all">
            {rid.id}
          </code>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            Kept when you send this award again unchanged after a failure, so it is paid at most once; a new
            one when you review an edited award, and after a success.
          </span>
        </p>
        <div className="flex flex-col gap-2">
          <Field id="customerId" label="Customer ID" error={errorOf("customerId")}>
            <Input
              value={customerId}
              onChange={(e) => set("customerId")(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
            />
          </Field>
          <PlayerCheck
            customerId={current}
            summary={summary}
            loading={current !== null && !summary && !player.error}
            error={current !== null ? player.error : null}
          />
        </div>

        <div className="flex flex-col gap-1">
          <p id="mode-label" className="text-sm font-medium">
            Mode
          </p>
          <RadioGroup
            value={mode}
            onValueChange={(value) => set("mode")(value as AwardMode)}
            aria-labelledby="mode-label"
            className="gap-1 sm:grid-cols-2 sm:gap-4"
          >
            {MODES.map((option) => (
              <RadioGroupItem
                key={option.value}
                id={`mode-${option.value}`}
                value={option.value}
                label={option.label}
                description={option.help}
              />
            ))}
          </RadioGroup>
        </div>

        {mode === "direct" ? (
          <Field id="wallet" label="Wallet" error={errorOf("wallet")}>
            <Input
              value={wallet}
              onChange={(e) => set("wallet")(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              className="font-mono"
            />
          </Field>
        ) : (
          <div className="flex min-h-10 items-center gap-3 text-sm">
            <Checkbox
              id="mintable"
              checked={mintable}
              onCheckedChange={(state) => set("mintable")(state === true)}
              aria-describedby="mintable-help"
            />
            <label htmlFor="mintable" className="cursor-pointer font-medium">
              Mintable
            </label>
            <span id="mintable-help" className="text-muted-foreground">
              (the player may mint these tokens on chain)
            </span>
          </div>
        )}

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">Tokens</legend>
          {errorOf("lines") ? (
            <p id="lines-error" className="text-sm font-medium text-destructive">
              {errorOf("lines")}
            </p>
          ) : null}
          {lines.map((line, index) => {
            const token = tokenOf(line.token);
            const prefix = `lines[${index}]`;
            const held = holds(line.token);
            const update = (change: Partial<Line>) =>
              setLines(lines.map((l) => (l.key === line.key ? { ...l, ...change } : l)));
            return (
              <fieldset
                key={line.key}
                className="grid gap-3 rounded-lg border border-border bg-card p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:p-4"
              >
                <legend className="sr-only">Token line {index + 1}</legend>
                <Field id={`${prefix}.token`} label="Token">
                  <Select
                    value={line.token}
                    onChange={(e) =>
                      update({
                        token: e.target.value,
                        contract: tokenOf(e.target.value)?.contracts[0]?.guid ?? "",
                      })
                    }
                  >
                    {tokens.map((t) => (
                      <option key={t.guid} value={t.guid}>
                        {t.symbol} — {t.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field id={`${prefix}.contract`} label="Contract" error={errorOf(`${prefix}.contract`)}>
                  <Select value={line.contract} onChange={(e) => update({ contract: e.target.value })}>
                    {(token?.contracts ?? []).map((c) => (
                      <option key={c.guid} value={c.guid}>
                        {c.chain} · {c.guid.slice(0, 8)}…
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field
                  id={`${prefix}.amount`}
                  label="Amount"
                  error={errorOf(`${prefix}.amount`)}
                  hint={
                    held !== null ? (
                      <span data-testid={`holds-${index}`}>
                        Player holds <span className="font-mono">{held}</span> {token?.symbol}
                      </span>
                    ) : undefined
                  }
                >
                  <Input
                    inputMode="decimal"
                    value={line.amount}
                    onChange={(e) => update({ amount: e.target.value })}
                    autoComplete="off"
                    className="font-mono"
                  />
                </Field>
                <div className="flex items-end">
                  {lines.length > 1 ? (
                    <Button
                      variant="ghost"
                      aria-label={`Remove token line ${index + 1}`}
                      onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
                      className="w-full text-muted-foreground sm:w-auto"
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  ) : null}
                </div>
                <TokenRulesNote rules={ruleOf(line.token)} symbol={token?.symbol ?? ""} index={index} />
              </fieldset>
            );
          })}
          <div>
            <Button
              variant="outline"
              onClick={() => setLines([...lines, newLine(Math.max(...lines.map((l) => l.key)) + 1)])}
              className="w-full sm:w-auto"
            >
              <Plus aria-hidden="true" />
              Add token
            </Button>
          </div>
        </fieldset>

        <Field
          id="reason"
          label="Reason"
          hint="Kept in the award trail (the service has no such field)."
          error={errorOf("reason")}
        >
          <Textarea value={reason} rows={2} onChange={(e) => set("reason")(e.target.value)} />
        </Field>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            type="submit"
            size="lg"
            {...OPENS_CONFIRM_DIALOG}
            disabled={pending || tokens.length === 0}
            className="w-full sm:w-auto"
          >
            Review award
          </Button>
          {copied ||
          outcome?.kind === "refused" ||
          (outcome?.kind === "sent" && !SUCCEEDED.includes(outcome.status)) ? (
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                setDraft(emptyDraft());
                setRid(freshRequestId(newRequestId));
                setOutcome(null);
                setCopied(false);
              }}
              className="w-full sm:w-auto"
            >
              Clear form
            </Button>
          ) : null}
        </div>
      </form>

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
        onConfirm={send}
        onCancel={() => setReview(null)}
      >
        {review ? <AwardReview {...review} check={check} /> : null}
        <PolicyNotice checks={policyChecks} />
      </ConfirmDialog>
    </div>
  );
}
