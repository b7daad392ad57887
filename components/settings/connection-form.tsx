"use client";
import { useRef, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createConnectionAction } from "@/lib/actions/connections/create-connection";
import { testConnectionAction } from "@/lib/actions/connections/test-connection";
import { CONNECTION_ENVIRONMENTS, type ConnectionEnvironment } from "@/lib/model/connection-environment";

type Outcome = { tone: "good" | "bad"; text: string } | null;

/**
 * Adds a project connection. "Test connection" asks the service with what the form holds
 * before anything is stored; the key is sent to the server once and never comes back.
 */
export function ConnectionForm() {
  const form = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refused = ({ error }: { error: string }) => setOutcome({ tone: "bad", text: error });
  const check = useFormAction(testConnectionAction, {
    onSuccess: (data) => setOutcome({ tone: data.ok ? "good" : "bad", text: data.message }),
    onFailure: refused,
  });
  const store = useFormAction(createConnectionAction, {
    onSuccess: (data) => {
      form.current?.reset();
      setOutcome({ tone: "good", text: `Saved "${data.name}" (key ${data.keyHint}).` });
    },
    onFailure: refused,
  });
  const pending = check.pending || store.pending;
  // The fields show what the last of the two asked said: each clears the other's.
  const fieldErrors = { ...check.fieldErrors, ...store.fieldErrors };

  const values = () => {
    const data = new FormData(form.current ?? undefined);
    const text = (field: string) => String(data.get(field) ?? "");
    return {
      name: text("name"),
      baseUrl: text("baseUrl"),
      projectGuid: text("projectGuid"),
      apiKey: text("apiKey"),
      // The server checks it against the rule; the select offers only the two.
      environment: text("environment") as ConnectionEnvironment,
    };
  };

  const test = () => {
    const { name: _name, environment: _environment, ...connection } = values();
    store.showErrors({});
    void check.run(connection);
  };

  const save = () => {
    check.showErrors({});
    void store.run(values());
  };

  return (
    <Form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="grid max-w-2xl items-start gap-4 sm:grid-cols-2"
    >
      <Field label="Name" id="name" error={fieldErrors.name}>
        <Input name="name" required maxLength={80} />
      </Field>
      <Field
        label="Environment"
        id="environment"
        hint="Live: real players' tokens. The switcher shows it beside the name."
        error={fieldErrors.environment}
      >
        <Select name="environment" defaultValue="test">
          {CONNECTION_ENVIRONMENTS.map((environment) => (
            <option key={environment} value={environment}>
              {environment}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Base URL"
        id="baseUrl"
        hint="The service's {base_url}: what comes before /Products/… in its paths."
        error={fieldErrors.baseUrl}
        className="sm:col-span-2"
      >
        <Input name="baseUrl" type="url" required placeholder="https://commerce.example.com/api/public" />
      </Field>
      <Field label="Project GUID" id="projectGuid" error={fieldErrors.projectGuid} className="sm:col-span-2">
        <Input name="projectGuid" required spellCheck={false} />
      </Field>
      <Field
        label="API key"
        id="apiKey"
        hint="Stored encrypted; never shown again, only its last four characters."
        error={fieldErrors.apiKey}
        className="sm:col-span-2"
      >
        <Input name="apiKey" type="password" autoComplete="off" required />
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button variant="outline" onClick={test} disabled={pending}>
          Test connection
        </Button>
        <Button type="submit" disabled={pending}>
          Save connection
        </Button>
        {pending ? <span className="text-sm text-muted-foreground">Working…</span> : null}
      </div>
      <p
        data-testid="connection-outcome"
        role="status"
        className={cn("text-sm sm:col-span-2", outcome?.tone === "bad" ? "text-destructive" : "text-success")}
      >
        {outcome?.text}
      </p>
    </Form>
  );
}
