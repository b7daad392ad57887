"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  awardKey,
  awardValues,
  type Draft,
  draftsOf,
  holdingOf,
  reviewOf,
  sentAnswer,
  type TokenOption,
} from "@/components/awards/award-draft";
import { AwardModeFields } from "@/components/awards/award-mode-fields";
import { AwardOutcome, type Outcome, SUCCEEDED } from "@/components/awards/award-outcome";
import type { AwardReviewProps } from "@/components/awards/award-review";
import { AwardReviewDialog } from "@/components/awards/award-review-dialog";
import { AwardTokenLines } from "@/components/awards/award-token-lines";
import { CustomerIdField, useTypedPlayer } from "@/components/awards/customer-id-field";
import { RequestIdNote } from "@/components/awards/request-id-note";
import { useFormAction } from "@/components/forms/use-form-action";
import { playerSummaryQuery } from "@/components/live/use-player-summary";
import { Button } from "@/components/ui/button";
import { OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { sendAwardAction } from "@/lib/actions/awards/send-award";
import type { TokenRules } from "@/lib/approvals/policy-model";
import { checkAward } from "@/lib/awards/award-input-client";
import {
  freshRequestId,
  newRequestId,
  type RequestIdState,
  reviewRequestId,
  settleRequestId,
} from "@/lib/awards/request-id";
import type { DirectForecast } from "@/lib/awards/wallet";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";

export type { TokenOption };

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
  const { newLine, emptyDraft } = draftsOf(tokens);
  const queryClient = useQueryClient();
  const [rid, setRid] = useState<RequestIdState>({ id: initialRequestId, boundTo: null });
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialCustomerId));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [lastSent, setLastSent] = useState<Draft | null>(null);
  const [copied, setCopied] = useState(false);
  const [review, setReview] = useState<Omit<AwardReviewProps, "check"> | null>(null);
  const [check, setCheck] = useState<AwardReviewProps["check"]>({ state: "checking" });
  const [forecast, setForecast] = useState<DirectForecast | null>(null);
  // Once the service answered, the closing review hands the focus to what it said (the outcome).
  const outcomeRef = useRef<HTMLDivElement>(null);
  const answeredJustNow = useRef(false);

  const { customerId, mode, wallet, mintable, lines, reason } = draft;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const setLines = set("lines");

  const player = useTypedPlayer(customerId);
  const holds = (token: string) => holdingOf(player.summary, token);

  const ruleOf = (guid: string) => rules.find((rule) => rule.tokenGuid === guid.toLowerCase());

  /** Whatever the answer, the player's figures, the award badges and the wallet read again. */
  const answered = (customerId: string) => {
    answeredJustNow.current = true;
    setReview(null);
    setCopied(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.player(customerId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
  };
  const sending = useFormAction(sendAwardAction, {
    failure: "The award was not sent.",
    onFailure: ({ error }, sent) => {
      answered(sent.customerId);
      setOutcome({ kind: "refused", error });
      setRid((current) => settleRequestId(current, "failed", newRequestId));
    },
    onSuccess: (data, sent) => {
      answered(sent.customerId);
      const { status, error } = data;
      setOutcome({
        kind: "sent",
        status,
        error,
        requestId: data.requestId,
        customerId: data.customerId,
        approvalId: data.approvalId ?? null,
      });
      const said = sentAnswer(status, data.customerId);
      toast[said.tone](said.message);
      if (said.taken) {
        // This RequestID is taken; the form starts a new, empty award, so the one just sent cannot be
        // sent again by a second click.
        setRid(freshRequestId(newRequestId));
        setLastSent(draft);
        setDraft(emptyDraft());
      } else setRid((current) => settleRequestId(current, "failed", newRequestId));
    },
  });
  const { pending } = sending;

  const startReview = () => {
    const parsed = checkAward(awardValues(draft, tokens, rid.id));
    if (!parsed.ok) {
      sending.showErrors({ fieldErrors: parsed.fieldErrors });
      return;
    }
    sending.showErrors({});
    const award = parsed.data;
    const next = reviewRequestId(rid, awardKey(award), newRequestId);
    setRid(next);
    // The field shows what will be sent.
    setDraft((d) => ({ ...d, customerId: award.customerId }));
    setReview(reviewOf(award, customerId, tokens, next.id));
    setCheck({ state: "checking" });
    setForecast(null);
    // A direct distribution: will it wait for project funds? Said before sending (GET /api/wallet/forecast).
    if (award.mode === "direct") {
      const query = new URLSearchParams(
        award.lines.flatMap((line) => [
          ["contract", line.contract],
          ["amount", line.amount],
        ]),
      );
      getJson<DirectForecast | null>(`/api/wallet/forecast?${query}`)
        .then(setForecast)
        // Without the forecast the review still names every amount; the outcome says what happened.
        .catch(() => setForecast(null));
    }
    // Asked again now, not from the cache: the review must say what the service knows at this moment.
    queryClient
      .fetchQuery({ ...playerSummaryQuery(award.customerId), staleTime: 0 })
      .then((fresh) => setCheck(fresh.isNew ? { state: "new" } : { state: "known", summary: fresh }))
      .catch((error: Error) => setCheck({ state: "failed", error: error.message }));
  };

  const send = () => {
    if (!review) return;
    void sending.run({
      ...awardValues(draft, tokens, review.requestId),
      confirmNewPlayer: check.state === "new" || check.state === "failed",
    });
  };

  const awardAgain = () => {
    if (!lastSent) return;
    setDraft(lastSent);
    setOutcome(null);
    setCopied(true);
    // A new draft: what was wrong with the one before (an empty form reviewed) is not said of it.
    sending.showErrors({});
  };

  const errorOf = (path: string): string | undefined => sending.fieldErrors[path];

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AwardOutcome ref={outcomeRef} outcome={outcome} onAwardAgain={awardAgain} />
      {copied ? (
        <p
          data-testid="award-again-note"
          className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-foreground"
        >
          A copy of the last award. It is a new award with a new RequestID: sending it pays the player again.
        </p>
      ) : null}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          startReview();
        }}
        className="flex flex-col gap-6"
      >
        <CustomerIdField
          value={customerId}
          onChange={set("customerId")}
          error={errorOf("customerId")}
          player={player}
          autoFocus={!initialCustomerId}
        />

        <AwardModeFields
          mode={mode}
          wallet={wallet}
          mintable={mintable}
          onModeChange={set("mode")}
          onWalletChange={set("wallet")}
          onMintableChange={set("mintable")}
          walletError={errorOf("wallet")}
          knownWallets={player.summary?.wallets}
        />

        <AwardTokenLines
          tokens={tokens}
          lines={lines}
          onLinesChange={setLines}
          newLine={newLine}
          errorOf={errorOf}
          holds={holds}
          ruleOf={ruleOf}
        />

        <Field id="reason" label="Reason" hint="Kept in the award trail." error={errorOf("reason")}>
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
        <RequestIdNote id={rid.id} />
      </Form>

      <AwardReviewDialog
        review={review}
        check={check}
        forecast={forecast}
        tokens={tokens}
        rules={rules}
        pending={pending}
        onConfirm={send}
        onCancel={() => setReview(null)}
        focusAfterClose={() => {
          if (!answeredJustNow.current) return null;
          answeredJustNow.current = false;
          return outcomeRef.current;
        }}
      />
    </div>
  );
}
