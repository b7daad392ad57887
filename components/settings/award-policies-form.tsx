"use client";
import { useId, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError, SaveButton } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { setAwardPolicyAction } from "@/lib/actions/approvals/set-award-policy";
import { changeSettingsAction } from "@/lib/actions/settings/change-settings";
import type { PolicyInput } from "@/lib/approvals/policy-input";
import { policyAmountProblem as amountProblem, POLICY_LABELS } from "@/lib/approvals/policy-rules";

type AmountKey = Exclude<keyof PolicyInput, "token">;
type Amounts = Record<AmountKey, string>;

const FIELDS = (Object.keys(POLICY_LABELS) as AmountKey[]).map((key) => ({ key, label: POLICY_LABELS[key] }));

export interface TokenPolicyRow {
  guid: string;
  symbol: string;
  /** The token's name from the service; "" when it has none. */
  name: string;
  /** The saved rules as exact decimal text; null: no rule. */
  policy: Record<AmountKey, string | null>;
}

export interface AwardPoliciesFormProps {
  tokens: TokenPolicyRow[];
}

/** Settings → Award policies: one form per token, each saved on its own (step-up; audited). */
export function AwardPoliciesForm({ tokens }: AwardPoliciesFormProps) {
  return (
    <ul className="flex flex-col gap-4">
      {tokens.map((token) => (
        <li key={token.guid}>
          <TokenPolicyForm token={token} />
        </li>
      ))}
    </ul>
  );
}

const textOf = (policy: TokenPolicyRow["policy"]): Amounts => ({
  approvalThreshold: policy.approvalThreshold ?? "",
  managerDailyLimit: policy.managerDailyLimit ?? "",
  ownerDailyLimit: policy.ownerDailyLimit ?? "",
});

function TokenPolicyForm({ token }: { token: TokenPolicyRow }) {
  const titleId = useId();
  const [saved, setSaved] = useState<Amounts>(() => textOf(token.policy));
  const [values, setValues] = useState<Amounts>(saved);
  const policy = useFormAction(setAwardPolicyAction, {
    // The action's sentence repeats the field errors; shown only when no field names it.
    sentence: { unlessShown: FIELDS.map(({ key }) => key) },
    success: `Award policy for ${token.symbol} saved.`,
    onSuccess: (data) => {
      // The server keeps the canonical form ("1000.50" → "1000.5"): show what is now in force.
      const next = textOf(data);
      setSaved(next);
      setValues(next);
    },
  });
  const changed = FIELDS.some(({ key }) => values[key].trim() !== saved[key]);
  const noRules = FIELDS.every(({ key }) => saved[key] === "");

  const save = () => {
    const problems: Record<string, string> = {};
    for (const { key } of FIELDS) {
      const problem = amountProblem(values[key]);
      if (problem) problems[key] = problem;
    }
    policy.showErrors({ fieldErrors: problems });
    if (Object.keys(problems).length > 0) return;
    void policy.run({ token: token.guid, ...values });
  };

  return (
    <Card>
      <Form
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <CardHeader>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CardTitle id={titleId}>{token.symbol}</CardTitle>
            {token.name && token.name !== token.symbol ? (
              <span className="text-sm text-muted-foreground">{token.name}</span>
            ) : null}
            {noRules ? <Badge>No rules</Badge> : null}
          </div>
          <CardDescription className="font-mono text-xs break-all">{token.guid}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            {FIELDS.map(({ key, label }) => (
              <Field
                key={key}
                id={`policy-${token.guid.toLowerCase()}-${key}`}
                label={label}
                error={policy.fieldErrors[key]}
              >
                <Input
                  name={key}
                  value={values[key]}
                  onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
                  inputMode="decimal"
                  placeholder="No rule"
                  autoComplete="off"
                  spellCheck={false}
                  className="tabular-nums"
                />
              </Field>
            ))}
          </div>
          <FormError message={policy.error} />
          <SaveButton pending={policy.pending}>
            {changed && !policy.pending ? (
              <span className="text-sm text-muted-foreground">Not saved yet</span>
            ) : null}
          </SaveButton>
        </CardContent>
      </Form>
    </Card>
  );
}

export interface ApprovalExpiryFormProps {
  /** The setting now in force (approvalExpiryDays). */
  days: number;
}

/** How long an award or batch may wait for its second person (a console setting; step-up, audited). */
export function ApprovalExpiryForm({ days }: ApprovalExpiryFormProps) {
  const [typed, setTyped] = useState(String(days));
  const expiry = useFormAction(changeSettingsAction, {
    sentence: { unlessShown: ["approvalExpiryDays"] },
    success: (data) => `Requests now expire after ${data.approvalExpiryDays} days.`,
    onSuccess: (data) => setTyped(String(data.approvalExpiryDays)),
  });
  // The server's schema names the rule (1 to 90 whole days); anything but digits reads as NaN there.
  const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="approval-requests-heading">Approval requests</CardTitle>
        <CardDescription>
          An award or bulk batch still waiting for a second person after this long expires, and nothing is
          sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          aria-labelledby="approval-requests-heading"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void expiry.run({ approvalExpiryDays: wholeNumber(typed) });
          }}
        >
          <Field
            id="approval-expiry-days"
            label="Requests expire after (days)"
            hint="1 to 90."
            error={expiry.fieldErrors.approvalExpiryDays}
          >
            <Input
              name="approvalExpiryDays"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              inputMode="numeric"
              autoComplete="off"
              className="max-w-32"
            />
          </Field>
          <FormError message={expiry.error} />
          <SaveButton pending={expiry.pending} />
        </Form>
      </CardContent>
    </Card>
  );
}
