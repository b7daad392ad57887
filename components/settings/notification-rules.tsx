"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { When } from "@/components/ui/when";
import { createNotificationRuleAction } from "@/lib/actions/notifications/create-notification-rule";
import { deleteNotificationRuleAction } from "@/lib/actions/notifications/delete-notification-rule";
import { setNotificationRuleEnabledAction } from "@/lib/actions/notifications/set-notification-rule-enabled";
import { testNotificationRuleAction } from "@/lib/actions/notifications/test-notification-rule";
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from "@/lib/model/notification-events";
import type { RuleRow } from "@/lib/notifications/notification-view";
import { type RuleForm, ruleFormProblems } from "@/lib/notifications/rule-form";

export interface NotificationRulesProps {
  rules: RuleRow[];
  emailReady: boolean;
  project: string;
}

const EMPTY: RuleForm = { event: "approval.requested", threshold: "", channel: "slack", target: "" };

const LAST_STATE = {
  sent: { tone: "success", label: "Sent" },
  pending: { tone: "info", label: "Waiting" },
  failed: { tone: "danger", label: "Failed" },
  suppressed: { tone: "warning", label: "Held back (rate limit)" },
} as const;

/** Settings → Notifications: the chosen project's rules, each testable, and the form that adds one. */
export function NotificationRules({ rules, emailReady, project }: NotificationRulesProps) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="rules-heading" className="flex flex-col gap-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          Rules ({rules.length})
        </h2>
        {rules.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
            No rule yet: {project} tells no channel anything. The bell still shows approvals to the people
            concerned.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {rules.map((rule) => (
              <li key={rule.id}>
                <RuleCard rule={rule} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddRule emailReady={emailReady} />
    </div>
  );
}

function RuleCard({ rule }: { rule: RuleRow }) {
  const name = `${rule.eventLabel} to ${rule.channelLabel}`;
  const test = useFormAction(testNotificationRuleAction, {
    success: () => `A test of “${name}” is on its way: it arrives within seconds.`,
  });
  const toggle = useFormAction(setNotificationRuleEnabledAction, {
    success: () => (rule.enabled ? `“${name}” turned off.` : `“${name}” turned on.`),
  });
  const remove = useFormAction(deleteNotificationRuleAction, { success: () => `“${name}” deleted.` });
  const last = rule.last ? LAST_STATE[rule.last.state as keyof typeof LAST_STATE] : null;
  return (
    <article
      aria-label={`Rule: ${name}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {rule.eventLabel}
          {rule.threshold ? (
            <span className="font-normal text-muted-foreground">
              {" "}
              · {rule.event === "queue.stale" ? `over ${rule.threshold} minutes` : `over ${rule.threshold}`}
            </span>
          ) : null}
        </h3>
        <Badge tone={rule.enabled ? "success" : "neutral"}>{rule.enabled ? "On" : "Off"}</Badge>
      </div>
      <p className="break-all">
        {rule.channelLabel}: <span className="font-mono text-xs">{rule.targetShown}</span>
      </p>
      <p className="text-muted-foreground">
        Added by {rule.createdByEmail} <When iso={rule.createdAt} />
        {last && rule.last ? (
          <>
            {" "}
            · last message <When iso={rule.last.at} /> <Badge tone={last.tone}>{last.label}</Badge>
            {rule.last.error ? <span className="block text-destructive">{rule.last.error}</span> : null}
          </>
        ) : null}
      </p>
      <FormError message={test.error ?? toggle.error ?? remove.error} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Send a test of ${name}`}
          disabled={test.pending}
          onClick={() => void test.run({ ruleId: rule.id })}
        >
          {test.pending ? "Sending…" : "Send test"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${rule.enabled ? "Turn off" : "Turn on"} ${name}`}
          disabled={toggle.pending}
          onClick={() => void toggle.run({ ruleId: rule.id, enabled: !rule.enabled })}
        >
          {rule.enabled ? "Turn off" : "Turn on"}
        </Button>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${name}`}
          variant="outline"
          size="sm"
          className="text-destructive"
          tone="danger"
          title={`Delete the rule “${name}”?`}
          confirmLabel="Delete rule"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            await remove.run({ ruleId: rule.id });
          }}
        >
          <p>Nothing more is sent for it. Messages already sent stay where they went.</p>
        </ConfirmButton>
      </div>
    </article>
  );
}

function AddRule({ emailReady }: { emailReady: boolean }) {
  const [form, setForm] = useState<RuleForm>(EMPTY);
  const create = useFormAction(createNotificationRuleAction, {
    sentence: "unless-fields",
    success: () => "Rule added: send it a test to see how its messages look.",
    onSuccess: () => setForm(EMPTY),
  });
  const set = (change: Partial<RuleForm>) => setForm((current) => ({ ...current, ...change }));
  const event = NOTIFICATION_EVENTS.find((e) => e.event === form.event);
  const channel = NOTIFICATION_CHANNELS.find((c) => c.channel === form.channel);
  const errors = create.fieldErrors;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="add-rule-heading">Add rule</CardTitle>
        <CardDescription>
          Messages name what happened and link to its page in the console. Each rule sends at most 20 messages
          in 10 minutes; the same event is never sent twice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          aria-labelledby="add-rule-heading"
          className="flex flex-col gap-4"
          onSubmit={(submitted) => {
            submitted.preventDefault();
            const problems = ruleFormProblems(form);
            create.showErrors({ fieldErrors: Object.fromEntries(problems.map((p) => [p.field, p.message])) });
            if (problems.length === 0) void create.run(form);
          }}
        >
          <Field
            id="rule-event"
            label="Tell about"
            hint={event ? `${event.description[0]?.toUpperCase()}${event.description.slice(1)}.` : undefined}
            error={errors.event}
          >
            <Select
              name="event"
              value={form.event}
              onChange={(changed) => set({ event: changed.target.value, threshold: "" })}
            >
              {NOTIFICATION_EVENTS.map((choice) => (
                <option key={choice.event} value={choice.event}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
          {event?.threshold ? (
            <Field
              id="rule-threshold"
              label={event.threshold === "minutes" ? "After how many minutes" : "Gap above (tokens)"}
              error={errors.threshold}
              className="sm:max-w-60"
            >
              <Input
                name="threshold"
                inputMode={event.threshold === "minutes" ? "numeric" : "decimal"}
                value={form.threshold}
                onChange={(changed) => set({ threshold: changed.target.value })}
                placeholder={event.threshold === "minutes" ? "30" : "1000"}
              />
            </Field>
          ) : null}
          <Field
            id="rule-channel"
            label="Where"
            hint={!emailReady ? "Email needs CONSOLE_SMTP_URL set where the console runs." : undefined}
            error={errors.channel}
            className="sm:max-w-60"
          >
            <Select
              name="channel"
              value={form.channel}
              onChange={(changed) => set({ channel: changed.target.value })}
            >
              {NOTIFICATION_CHANNELS.map((choice) => (
                <option
                  key={choice.channel}
                  value={choice.channel}
                  disabled={choice.channel === "email" && !emailReady}
                >
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="rule-target" label={channel?.target ?? "Target"} error={errors.target}>
            <Input
              name="target"
              value={form.target}
              onChange={(changed) => set({ target: changed.target.value })}
              placeholder={channel?.placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <FormError message={create.error} />
          <div>
            <Button type="submit" disabled={create.pending}>
              {create.pending ? "Adding…" : "Add rule"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
