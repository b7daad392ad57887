"use client";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ToggleButton } from "@/components/ui/toggle-button";
import {
  type EndpointForm,
  EVENT_CHOICES,
  endpointFormProblems,
  THRESHOLDS_MAX,
  type ThresholdLine,
} from "@/lib/webhooks/webhook-rules";
import type { WebhooksPageData } from "@/lib/webhooks/webhook-view";

export const EMPTY_ENDPOINT: EndpointForm = { url: "", description: "", events: [], lowBalance: [] };

export interface WebhookEndpointFormProps {
  /** Names the fields apart when two forms are on the page (`add`, `edit-3`). */
  idPrefix: string;
  initial: EndpointForm;
  tokens: WebhooksPageData["tokens"];
  tokensProblem: string | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The form's own check failed: show these instead of asking the server. */
  onProblems: (fieldErrors: Record<string, string>) => void;
  onSubmit: (form: EndpointForm) => Promise<unknown>;
  onCancel?: () => void;
  /** Accessible name of the form. */
  label: string;
}

type Draft = Omit<EndpointForm, "lowBalance"> & { lowBalance: (ThresholdLine & { key: number })[] };
let nextLineKey = 1;

/**
 * An endpoint's fields — URL, description, the event types it takes, low-balance thresholds —
 * checked here by the server's own rules (webhook-rules.ts): adding one and changing one.
 */
export function WebhookEndpointForm(props: WebhookEndpointFormProps) {
  const { idPrefix, tokens, tokensProblem, fieldErrors: errors } = props;
  const [form, setForm] = useState<Draft>(() => ({
    ...props.initial,
    lowBalance: props.initial.lowBalance.map((line) => ({ ...line, key: nextLineKey++ })),
  }));
  const set = (change: Partial<Draft>) => setForm((current) => ({ ...current, ...change }));
  const every = form.events.length === 0;
  const toggle = (type: string, on: boolean) =>
    set({ events: on ? [...form.events, type] : form.events.filter((t) => t !== type) });
  const setLine = (index: number, change: Partial<ThresholdLine>) =>
    set({ lowBalance: form.lowBalance.map((line, i) => (i === index ? { ...line, ...change } : line)) });

  const submit = () => {
    const plain: EndpointForm = {
      ...form,
      lowBalance: form.lowBalance.map(({ token, below }) => ({ token, below })),
    };
    const problems = endpointFormProblems(plain);
    props.onProblems(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    void props.onSubmit(plain).then(() => {
      if (props.initial === EMPTY_ENDPOINT) setForm({ ...EMPTY_ENDPOINT, lowBalance: [] });
    });
  };

  return (
    <Form
      aria-label={props.label}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        id={`${idPrefix}-url`}
        label="Endpoint URL"
        hint="Where the service POSTs each event, signed. https is strongly advised."
        error={errors.url}
      >
        <Input
          name="url"
          type="url"
          inputMode="url"
          value={form.url}
          onChange={(event) => set({ url: event.target.value })}
          placeholder="https://game.example/hooks/commerce"
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
        />
      </Field>
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        optional
        hint="What receives it: “EU game servers”, “Slack relay”."
        error={errors.description}
      >
        <Input
          name="description"
          value={form.description}
          onChange={(event) => set({ description: event.target.value })}
          autoComplete="off"
          maxLength={500}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="flex flex-wrap gap-2">
          <ToggleButton pressed={every} onPressedChange={(on) => (on ? set({ events: [] }) : undefined)}>
            Every event
          </ToggleButton>
          {EVENT_CHOICES.map((choice) => (
            <ToggleButton
              key={choice.type}
              pressed={!every && form.events.includes(choice.type)}
              onPressedChange={(on) => toggle(choice.type, on)}
              ariaLabel={`${choice.label}: ${choice.description}`}
            >
              {choice.label}
            </ToggleButton>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">
          {every ? "Every event type, and the ones added later." : `Only: ${form.events.join(", ")}.`}
        </p>
        {errors.events ? <p className="text-sm font-medium text-destructive">{errors.events}</p> : null}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">
          Low-balance thresholds <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <p className="text-sm text-muted-foreground">
          wallet.low is sent when a contract's project wallet falls below the amount — once per crossing.
        </p>
        {tokensProblem ? (
          <p className="text-sm text-warning">The project's tokens could not be read: {tokensProblem}</p>
        ) : null}
        {errors.lowBalance ? (
          <p className="text-sm font-medium text-destructive">{errors.lowBalance}</p>
        ) : null}
        {form.lowBalance.map((line, index) => (
          <div
            key={line.key}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[12rem_minmax(0,14rem)_auto] sm:items-start"
          >
            <Field
              id={`${idPrefix}-low-${index}-token`}
              label={`Threshold ${index + 1}: token`}
              error={errors[`lowBalance[${index}].token`]}
            >
              <Select value={line.token} onChange={(event) => setLine(index, { token: event.target.value })}>
                <option value="">Choose a token</option>
                {tokens.map((token) => (
                  <option key={token.guid} value={token.guid}>
                    {token.symbol} — {token.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={`${idPrefix}-low-${index}-below`}
              label="Below"
              error={errors[`lowBalance[${index}].below`]}
            >
              <Input
                value={line.below}
                inputMode="decimal"
                onChange={(event) => setLine(index, { below: event.target.value })}
                placeholder="500"
              />
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="sm:mt-7"
              aria-label={`Remove threshold ${index + 1}`}
              onClick={() => set({ lowBalance: form.lowBalance.filter((_, i) => i !== index) })}
            >
              <X aria-hidden="true" />
              Remove
            </Button>
          </div>
        ))}
        {form.lowBalance.length < THRESHOLDS_MAX && tokens.length > 0 ? (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                set({ lowBalance: [...form.lowBalance, { token: "", below: "", key: nextLineKey++ }] })
              }
            >
              <Plus aria-hidden="true" />
              Add threshold
            </Button>
          </div>
        ) : null}
      </fieldset>
      <FormError message={props.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? props.pendingLabel : props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button type="button" variant="ghost" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
