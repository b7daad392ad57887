"use client";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createServiceKeyAction } from "@/lib/actions/developers/create-service-key";
import {
  CAPS_MAX,
  type CapLine,
  KEY_SCOPES,
  type KeyForm,
  keyFormProblems,
} from "@/lib/service-keys/key-rules";
import type { KeysPageData } from "@/lib/service-keys/key-view";
import { useKeyEvents } from "./key-events";

export interface CreateKeyFormProps {
  tokens: KeysPageData["tokens"];
  tokensProblem: string | null;
}

/** A cap line of the form, with a key of its own so removing a line keeps the others' fields. */
type CapDraft = CapLine & { key: number };
type Draft = Omit<KeyForm, "caps"> & { caps: CapDraft[] };

const EMPTY: Draft = { name: "", scopes: ["read", "award"], expiresOn: "", caps: [] };
let nextCapKey = 1;

/**
 * Developers → Keys → Create key: name, scopes, an optional expiry and per-token daily caps,
 * checked here by the server's own rules (key-rules.ts); the secret comes back once (step-up).
 */
export function CreateKeyForm({ tokens, tokensProblem }: CreateKeyFormProps) {
  const { showSecret } = useKeyEvents();
  const [form, setForm] = useState<Draft>(EMPTY);
  const create = useFormAction(createServiceKeyAction, {
    // The action's sentence repeats its field errors: shown only when it names none.
    sentence: "unless-fields",
    success: (data) => `Key “${data.key.name}” made.`,
    onSuccess: (data) => {
      setForm(EMPTY);
      showSecret({ ...data, rolled: false });
    },
  });
  const { pending, fieldErrors: errors, error } = create;
  const set = (change: Partial<Draft>) => setForm((current) => ({ ...current, ...change }));
  const setCap = (index: number, change: Partial<CapLine>) =>
    set({ caps: form.caps.map((cap, i) => (i === index ? { ...cap, ...change } : cap)) });

  const submit = () => {
    const problems = keyFormProblems(form, new Date(), tokens.length > 0 ? tokens : undefined);
    create.showErrors({ fieldErrors: Object.fromEntries(problems.map((p) => [p.field, p.message])) });
    if (problems.length > 0) return;
    const caps = form.caps.map(({ token, daily }) => ({ token, daily }));
    void create.run({ ...form, caps });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="create-key-heading">Create key</CardTitle>
        <CardDescription>
          For a game server or a tool: give it only the scopes it needs. Its secret is shown once, when it is
          made.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          aria-labelledby="create-key-heading"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field
            id="key-name"
            label="Name"
            hint="What uses the key: “EU game servers”, “support tool”."
            error={errors.name}
          >
            <Input
              name="name"
              value={form.name}
              onChange={(event) => set({ name: event.target.value })}
              autoComplete="off"
              maxLength={200}
            />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            {KEY_SCOPES.map((scope) => (
              <div key={scope.name} className="flex min-h-10 items-start gap-3 text-sm sm:min-h-0">
                <Checkbox
                  id={`key-scope-${scope.name}`}
                  className="mt-0.5"
                  checked={form.scopes.includes(scope.name)}
                  onCheckedChange={(checked) =>
                    set({
                      scopes:
                        checked === true
                          ? [...form.scopes, scope.name]
                          : form.scopes.filter((name) => name !== scope.name),
                    })
                  }
                />
                <label htmlFor={`key-scope-${scope.name}`} className="cursor-pointer">
                  <span className="font-medium">{scope.label}</span>
                  <span className="text-muted-foreground"> — {scope.description}</span>
                </label>
              </div>
            ))}
            {errors.scopes ? (
              <p id="key-scopes-error" className="text-sm font-medium text-destructive">
                {errors.scopes}
              </p>
            ) : null}
          </fieldset>
          <Field
            id="key-expires"
            label="Expires after"
            optional
            hint="A UTC day: the key works through it, then stops. Empty: it does not expire."
            error={errors.expiresOn}
            className="sm:max-w-60"
          >
            <Input
              name="expiresOn"
              type="date"
              value={form.expiresOn}
              onChange={(event) => set({ expiresOn: event.target.value })}
            />
          </Field>
          <CapsFields
            caps={form.caps}
            tokens={tokens}
            tokensProblem={tokensProblem}
            errors={errors}
            onChange={(caps) => set({ caps })}
            onCapChange={setCap}
          />
          <FormError message={error} />
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? "Creating…" : "Create key"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

interface CapsFieldsProps {
  caps: CapDraft[];
  tokens: KeysPageData["tokens"];
  tokensProblem: string | null;
  errors: Record<string, string>;
  onChange: (caps: CapDraft[]) => void;
  onCapChange: (index: number, change: Partial<CapLine>) => void;
}

/** Per-token daily caps: a token of the catalogue and the most the key may award of it in 24 hours. */
function CapsFields({ caps, tokens, tokensProblem, errors, onChange, onCapChange }: CapsFieldsProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">
        Daily award caps <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p className="text-sm text-muted-foreground">
        The most the key may award of a token in any 24 hours, allowances and direct distributions together. A
        token without a cap has no limit from the key.
      </p>
      {tokensProblem ? (
        <p className="text-sm text-warning">
          The project's tokens could not be read, so no cap can be chosen: {tokensProblem}
        </p>
      ) : null}
      {errors.caps ? <p className="text-sm font-medium text-destructive">{errors.caps}</p> : null}
      {caps.map((cap, index) => (
        <div
          key={cap.key}
          className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[12rem_minmax(0,16rem)_auto] sm:items-start"
        >
          <Field
            id={`cap-${index}-token`}
            label={`Cap ${index + 1}: token`}
            error={errors[`caps[${index}].token`]}
          >
            <Select value={cap.token} onChange={(event) => onCapChange(index, { token: event.target.value })}>
              <option value="">Choose a token</option>
              {tokens.map((token) => (
                <option key={token.guid} value={token.guid}>
                  {token.symbol}
                  {token.name && token.name !== token.symbol ? ` — ${token.name}` : ""}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={`cap-${index}-daily`}
            label={`Cap ${index + 1}: per 24 hours`}
            error={errors[`caps[${index}].daily`]}
          >
            <Input
              value={cap.daily}
              onChange={(event) => onCapChange(index, { daily: event.target.value })}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              className="tabular-nums"
            />
          </Field>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-7"
            aria-label={`Remove cap ${index + 1}`}
            onClick={() => onChange(caps.filter((_, i) => i !== index))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      {tokens.length > 0 && caps.length < CAPS_MAX ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange([...caps, { token: "", daily: "", key: nextCapKey++ }])}
          >
            <Plus aria-hidden="true" />
            Add a cap
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
