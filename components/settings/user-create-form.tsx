"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { TextField } from "@/components/forms/text-field";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { createUserAction } from "@/lib/actions/create-user";

const ROLE_OPTIONS = [
  { value: "support", label: "Support — reads the catalogue, players and award history" },
  { value: "manager", label: "Manager — also awards tokens and reads the project wallet" },
  { value: "owner", label: "Owner — everything, including users and connections" },
] as const;

/** Settings → Users: a new account with a role and a first password the owner passes on. */
export function UserCreateForm() {
  const form = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const errorId = (field: string) => (fieldErrors[field] ? `user-${field}-error` : null);
  const error = (field: string) =>
    fieldErrors[field] ? (
      <p id={`user-${field}-error`} className="text-xs text-red-700 dark:text-red-400">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(async () => {
          const result = await createUserAction({
            email: String(data.get("email") ?? ""),
            name: String(data.get("name") ?? ""),
            role: String(data.get("role") ?? "") as "support",
            password: String(data.get("password") ?? ""),
          });
          setFieldErrors(result.ok ? {} : (result.fieldErrors ?? {}));
          if (!result.ok) {
            setOutcome({ ok: false, text: result.error });
            return;
          }
          form.current?.reset();
          setOutcome({ ok: true, text: `Created ${result.data.email} as ${result.data.role}.` });
          router.refresh();
        });
      }}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
    >
      <div>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          errorId={errorId("email")}
        />
        {error("email")}
      </div>
      <div>
        <TextField name="name" label="Name" autoComplete="off" errorId={errorId("name")} />
        {error("name")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="role" className="text-sm font-medium">
          Role
        </label>
        <select
          id="role"
          name="role"
          defaultValue="support"
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <TextField
          name="password"
          label="First password"
          type="password"
          autoComplete="new-password"
          required
          errorId={errorId("password")}
        />
        {error("password")}
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
          Create user
        </button>
        <p
          data-testid="user-outcome"
          role="status"
          className={`text-sm ${outcome?.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}`}
        >
          {outcome?.text}
        </p>
      </div>
    </form>
  );
}
