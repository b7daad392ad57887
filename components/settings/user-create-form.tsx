"use client";
import { useActionState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { createUserAction } from "@/lib/actions/users/create-user";

const ROLE_OPTIONS = [
  { value: "support", label: "Support — reads the catalogue, players and award history" },
  { value: "manager", label: "Manager — also awards tokens and reads the project wallet" },
  { value: "owner", label: "Owner — everything, including users and connections" },
] as const;

interface CreateState {
  outcome: { ok: boolean; text: string } | null;
  fieldErrors: Record<string, string>;
  /** What was typed, shown again after a refusal (React empties a form after its action). */
  values: { email: string; name: string; role: string };
}

const EMPTY = { email: "", name: "", role: "support" };
const INITIAL: CreateState = { outcome: null, fieldErrors: {}, values: EMPTY };

async function create(stepUp: ReturnType<typeof useStepUp>, data: FormData): Promise<CreateState> {
  const values = {
    email: String(data.get("email") ?? ""),
    name: String(data.get("name") ?? ""),
    role: String(data.get("role") ?? ""),
  };
  const result = await stepUp(() =>
    createUserAction({
      ...values,
      role: values.role as "support",
      password: String(data.get("password") ?? ""),
    }),
  );
  if (!result.ok)
    return { outcome: { ok: false, text: result.error }, fieldErrors: result.fieldErrors ?? {}, values };
  const text = `Created ${result.data.email} as ${result.data.role}.`;
  return { outcome: { ok: true, text }, fieldErrors: {}, values: EMPTY };
}

/**
 * Settings → Users: a new account with a role and a first password the owner passes on. A plain
 * submit form on useActionState: React empties it after each submit, so a refusal puts back what was typed (not the password).
 */
export function UserCreateForm() {
  const stepUp = useStepUp();
  const [{ outcome, fieldErrors, values }, action, pending] = useActionState(
    (_: CreateState, data: FormData) => create(stepUp, data),
    INITIAL,
  );
  return (
    <form action={action} noValidate className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <TextField
        id="user-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="off"
        required
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <TextField
        id="user-name"
        name="name"
        label="Name"
        autoComplete="off"
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <Field id="user-role" label="Role" error={fieldErrors.role}>
        <Select name="role" defaultValue={values.role}>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <TextField
        id="user-password"
        name="password"
        label="First password"
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrors.password}
      />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? "Creating…" : "Create user"}
        </Button>
        <p
          data-testid="user-outcome"
          role="status"
          className={cn("text-sm", outcome?.ok ? "text-success" : "text-destructive")}
        >
          {outcome?.text}
        </p>
      </div>
    </form>
  );
}
