"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useTimeZone, When } from "@/components/ui/when";
import { createCampaignAction } from "@/lib/actions/campaigns/create-campaign";
import { editCampaignAction } from "@/lib/actions/campaigns/edit-campaign";
import { previewCampaignAction } from "@/lib/actions/campaigns/preview-campaign";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { ActionData } from "@/lib/model/action-result";

export interface CampaignDraft {
  name: string;
  reason: string;
  listId: string;
  mode: "allowance" | "direct";
  lines: Line[];
  repeat: keyof typeof REPEAT_LABELS;
  start: string;
  timeZone: string;
  every: string;
  until: string;
  count: string;
  rrule: string;
}

export interface CampaignFormChoices {
  lists: { id: number; name: string; players: number; hasAmounts: boolean }[];
  tokens: { guid: string; symbol: string; contracts: { guid: string; chain: string }[] }[];
}

interface Line {
  token: string;
  contract: string;
  amount: string;
}

type Preview = ActionData<typeof previewCampaignAction>;

const REPEAT_LABELS = {
  once: "Once",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  rrule: "A recurrence rule (RRULE)",
} as const;

/**
 * The new-campaign form (docs/console.md, "Campaigns"): what each player gets, the list, and when.
 * "Preview" checks it on the server as creating would and shows the next five occurrences with
 * what each pays; "Create" is offered for the previewed draft only, after a confirmation naming
 * the players and the amounts. Any change asks for a new preview.
 */
export function CampaignForm({
  lists,
  tokens,
  initial,
  campaignId,
}: CampaignFormChoices & {
  /** Editing: the campaign's terms, its schedule from the next occurrence. */
  initial?: CampaignDraft;
  campaignId?: number;
}) {
  const router = useRouter();
  const zone = useTimeZone();
  const firstToken = tokens[0];
  const line = (token = firstToken): Line => ({
    token: token?.guid ?? "",
    contract: token?.contracts[0]?.guid ?? "",
    amount: "",
  });
  const [draft, setDraft] = useState<CampaignDraft>(
    () =>
      initial ?? {
        name: "",
        reason: "",
        listId: String(lists[0]?.id ?? ""),
        mode: "allowance",
        lines: [line()],
        repeat: "weekly",
        start: "",
        timeZone: "",
        every: "",
        until: "",
        count: "",
        rrule: "",
      },
  );
  const [preview, setPreview] = useState<{ for: string; data: Preview } | null>(null);
  const input = { ...draft, timeZone: draft.timeZone || zone };
  const key = JSON.stringify(input);
  const current = preview?.for === key ? preview.data : null;

  const previewing = useFormAction(previewCampaignAction, {
    onSuccess: (data, sent) => setPreview({ for: JSON.stringify(sent), data }),
  });
  const save = (terms: typeof input) =>
    campaignId === undefined ? createCampaignAction(terms) : editCampaignAction({ ...terms, campaignId });
  const creating = useFormAction(save, {
    success: ({ approvalId }) =>
      approvalId
        ? "Campaign saved: it waits for another manager or owner to approve it."
        : "Campaign saved: it runs on its schedule.",
    onSuccess: ({ campaignId: saved }) => router.push(`/campaigns/${saved}`),
  });
  const errors = { ...previewing.fieldErrors, ...creating.fieldErrors };
  const error = creating.error ?? previewing.error;

  const set =
    <K extends keyof CampaignDraft>(name: K) =>
    (value: CampaignDraft[K]) =>
      setDraft((d) => ({ ...d, [name]: value }));
  const setLine = (index: number, change: Partial<Line>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l, n) => (n === index ? { ...l, ...change } : l)) }));
  const list = lists.find((l) => String(l.id) === draft.listId);

  return (
    <Form
      aria-label={campaignId === undefined ? "New campaign" : "Edit campaign"}
      className="flex max-w-3xl flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void previewing.run(input);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          <Input value={draft.name} maxLength={100} onChange={(e) => set("name")(e.target.value)} />
        </Field>
        <Field
          label="Player list"
          error={errors.listId}
          hint={
            list
              ? `${groupDigits(String(list.players))} players${list.hasAmounts ? ", each with an amount" : ""}`
              : "Upload one on the Campaigns page first."
          }
        >
          <Select value={draft.listId} onChange={(e) => set("listId")(e.target.value)}>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.players})
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Reason" hint="Kept in the award trail of every award it sends." error={errors.reason}>
        <Textarea
          value={draft.reason}
          maxLength={500}
          rows={2}
          onChange={(e) => set("reason")(e.target.value)}
        />
      </Field>
      <Field label="Mode" error={errors.mode}>
        <Select value={draft.mode} onChange={(e) => set("mode")(e.target.value as "allowance" | "direct")}>
          <option value="allowance">Allowance</option>
          <option value="direct">
            Direct distribution (waits in the queue if the project wallet lacks funds)
          </option>
        </Select>
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">What each player gets</legend>
        {draft.lines.map((l, index) => {
          const token = tokens.find((t) => t.guid === l.token);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
            <div key={index} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start">
              <Field label={`Token ${index + 1}`} error={errors[`lines.${index}.token`]}>
                <Select
                  value={l.token}
                  onChange={(e) => {
                    const chosen = tokens.find((t) => t.guid === e.target.value);
                    setLine(index, { token: e.target.value, contract: chosen?.contracts[0]?.guid ?? "" });
                  }}
                >
                  {tokens.map((t) => (
                    <option key={t.guid} value={t.guid}>
                      {t.symbol}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={`Chain ${index + 1}`} error={errors[`lines.${index}.contract`]}>
                <Select value={l.contract} onChange={(e) => setLine(index, { contract: e.target.value })}>
                  {(token?.contracts ?? []).map((c) => (
                    <option key={c.guid} value={c.guid}>
                      {c.chain}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label={`Amount ${index + 1}`}
                hint={list?.hasAmounts ? "Empty: each player's amount from the list." : "Per player."}
                error={errors[`lines.${index}.amount`]}
              >
                <Input
                  inputMode="decimal"
                  value={l.amount}
                  onChange={(e) => setLine(index, { amount: e.target.value })}
                />
              </Field>
              {draft.lines.length > 1 ? (
                <Button
                  className="sm:mt-7"
                  variant="outline"
                  aria-label={`Remove token ${index + 1}`}
                  onClick={() => set("lines")(draft.lines.filter((_, n) => n !== index))}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          );
        })}
        {draft.lines.length < 5 ? (
          <div>
            <Button variant="outline" onClick={() => set("lines")([...draft.lines, line()])}>
              Add a token
            </Button>
          </div>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">When</legend>
        <Field label="Repeats" error={errors.repeat}>
          <Select
            value={draft.repeat}
            onChange={(e) => set("repeat")(e.target.value as keyof typeof REPEAT_LABELS)}
          >
            {Object.entries(REPEAT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="First occurrence" hint="A wall-clock time in the time zone." error={errors.start}>
          <Input type="datetime-local" value={draft.start} onChange={(e) => set("start")(e.target.value)} />
        </Field>
        <Field label="Time zone" hint={`Empty: yours (${zone}).`} error={errors.timeZone}>
          <Input
            value={draft.timeZone}
            placeholder={zone}
            onChange={(e) => set("timeZone")(e.target.value)}
          />
        </Field>
        {draft.repeat === "rrule" ? (
          <Field
            label="Rule"
            hint="FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, COUNT or UNTIL, and BYDAY with WEEKLY, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12. The start is the first occurrence."
            error={errors.rrule}
          >
            <Input value={draft.rrule} onChange={(e) => set("rrule")(e.target.value)} />
          </Field>
        ) : draft.repeat !== "once" ? (
          <>
            <Field
              label="Every"
              optional
              hint="Every this many days, weeks or months (empty: 1)."
              error={errors.every}
            >
              <Input inputMode="numeric" value={draft.every} onChange={(e) => set("every")(e.target.value)} />
            </Field>
            <Field label="Ends after (occurrences)" optional error={errors.count}>
              <Input inputMode="numeric" value={draft.count} onChange={(e) => set("count")(e.target.value)} />
            </Field>
            <Field label="Ends on" optional hint="No occurrence after this time." error={errors.until}>
              <Input
                type="datetime-local"
                value={draft.until}
                onChange={(e) => set("until")(e.target.value)}
              />
            </Field>
          </>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {current ? (
        <section
          aria-label="Preview"
          className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 text-sm"
        >
          <h2 className="text-base font-semibold">Preview</h2>
          <p>
            {current.schedule}. Each occurrence pays{" "}
            <strong>
              {current.perOccurrence.map((t) => `${groupDigits(t.amount)} ${t.symbol}`).join(" and ")}
            </strong>{" "}
            to {groupDigits(String(current.players))} players.
          </p>
          {current.needsApproval ? (
            <p className="text-warning">
              Above a token's approval threshold: another manager or owner approves it once, for the whole
              schedule, before anything runs.
            </p>
          ) : null}
          {current.fundsNote ? <p className="text-muted-foreground">{current.fundsNote}</p> : null}
          <ol className="list-decimal pl-5">
            {current.upcoming.map((o) => (
              <li key={o.number}>
                Occurrence {o.number}: {o.wall} ({input.timeZone}) — <When iso={o.at} />
                {o.funds === "waits"
                  ? " · would wait for project funds at today's balance"
                  : o.funds === "covered"
                    ? " · covered by today's wallet"
                    : ""}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={current ? "outline" : "primary"} disabled={previewing.pending}>
          {previewing.pending ? "Checking…" : "Preview"}
        </Button>
        {current ? (
          <ConfirmButton
            label={campaignId === undefined ? "Create campaign" : "Save future occurrences"}
            title={
              campaignId === undefined
                ? `Create campaign "${draft.name.trim()}"?`
                : `Change the future occurrences of "${draft.name.trim()}"?`
            }
            confirmLabel={campaignId === undefined ? "Create campaign" : "Save changes"}
            pending={creating.pending}
            onConfirm={async () => {
              await creating.run(input);
            }}
          >
            Each occurrence pays{" "}
            {current.perOccurrence.map((t) => `${groupDigits(t.amount)} ${t.symbol}`).join(" and ")} to{" "}
            {groupDigits(String(current.players))} players of list "{list?.name}", first on{" "}
            {current.upcoming[0]?.wall} ({input.timeZone}).
            {current.needsApproval ? " It waits for another person's approval first." : ""}
          </ConfirmButton>
        ) : null}
      </div>
    </Form>
  );
}
