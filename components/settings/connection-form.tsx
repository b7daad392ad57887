"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { TextField } from "@/components/forms/text-field";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { createConnectionAction } from "@/lib/actions/create-connection";
import { testConnectionAction } from "@/lib/actions/test-connection";

type Outcome = { tone: "good" | "bad"; text: string } | null;

const FIELDS = ["name", "baseUrl", "projectGuid", "apiKey"] as const;

/**
 * Adds a project connection. "Test connection" asks the service with what the form holds
 * before anything is stored; the key is sent to the server once and never comes back.
 */
export function ConnectionForm() {
  const form = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const values = () => {
    const data = new FormData(form.current ?? undefined);
    return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? "")])) as Record<
      (typeof FIELDS)[number],
      string
    >;
  };

  const test = () =>
    startTransition(async () => {
      const { name: _name, ...connection } = values();
      const result = await testConnectionAction(connection);
      setFieldErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      if (!result.ok) setOutcome({ tone: "bad", text: result.error });
      else setOutcome({ tone: result.data.ok ? "good" : "bad", text: result.data.message });
    });

  const save = () =>
    startTransition(async () => {
      const result = await createConnectionAction(values());
      setFieldErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      if (!result.ok) {
        setOutcome({ tone: "bad", text: result.error });
        return;
      }
      form.current?.reset();
      setOutcome({ tone: "good", text: `Saved "${result.data.name}" (key ${result.data.keyHint}).` });
      router.refresh();
    });

  const error = (field: string) =>
    fieldErrors[field] ? (
      <p id={`${field}-error`} className="text-xs text-red-700 dark:text-red-400">
        {fieldErrors[field]}
      </p>
    ) : null;
  const errorId = (field: string) => (fieldErrors[field] ? `${field}-error` : null);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
    >
      <div>
        <TextField name="name" label="Name" required maxLength={80} errorId={errorId("name")} />
        {error("name")}
      </div>
      <div>
        <TextField
          name="projectGuid"
          label="Project GUID"
          required
          spellCheck={false}
          errorId={errorId("projectGuid")}
        />
        {error("projectGuid")}
      </div>
      <div className="sm:col-span-2">
        <TextField
          name="baseUrl"
          label="Base URL"
          type="url"
          required
          placeholder="https://commerce.example.com/api/public"
          description="The service's {base_url}: what comes before /Products/… in its paths."
          errorId={errorId("baseUrl")}
        />
        {error("baseUrl")}
      </div>
      <div className="sm:col-span-2">
        <TextField
          name="apiKey"
          label="API key"
          type="password"
          autoComplete="off"
          required
          description="Stored encrypted; never shown again, only its last four characters."
          errorId={errorId("apiKey")}
        />
        {error("apiKey")}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button
          type="button"
          onClick={test}
          disabled={pending}
          className="rounded-md border border-zinc-300 px-4 py-2 font-medium disabled:opacity-60 dark:border-zinc-700"
        >
          Test connection
        </button>
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
          Save connection
        </button>
        {pending ? <span className="text-sm text-zinc-600 dark:text-zinc-400">Working…</span> : null}
      </div>
      <p
        data-testid="connection-outcome"
        role="status"
        className={`text-sm sm:col-span-2 ${outcome?.tone === "bad" ? "text-red-700 dark:text-red-400" : "text-emerald-800 dark:text-emerald-300"}`}
      >
        {outcome?.text}
      </p>
    </form>
  );
}
