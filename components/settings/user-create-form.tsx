"use client";
import { useRef, useState } from "react";
import { TextField } from "@/components/forms/text-field";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Select } from "@/components/ui/select";
import { createUserAction } from "@/lib/actions/users/create-user";

type NewUser = Parameters<typeof createUserAction>[0];

const ROLE_OPTIONS = [
  { value: "support", label: "Support — reads the catalogue, players and award history" },
  { value: "manager", label: "Manager — also awards tokens and reads the project wallet" },
  { value: "owner", label: "Owner — everything, including users and connections" },
] as const;

/**
 * Settings → Users: a new account with a role and a first password the owner passes on (step-up,
 * through useFormAction). The fields are the form's own (uncontrolled): a success empties them, a
 * refusal keeps what was typed but the password. The new user's row appears in the table above
 * from the action's own answer (the guard revalidates the page).
 */
export function UserCreateForm() {
  const form = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useFormAction(createUserAction, {
    onStart: () => setCreated(null),
    onSuccess: (user) => {
      setCreated(`Created ${user.email} as ${user.role}.`);
      form.current?.reset();
    },
    onFailure: () => {
      const password = form.current?.elements.namedItem("password");
      if (password instanceof HTMLInputElement) password.value = "";
    },
  });
  const { fieldErrors } = create;
  const outcome = created
    ? { ok: true, text: created }
    : create.error
      ? { ok: false, text: create.error }
      : null;
  return (
    <Form
      ref={form}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void create.run({
          email: String(data.get("email") ?? ""),
          name: String(data.get("name") ?? ""),
          // Typed as the action's roles; the action checks it (a role not in its list is refused by name).
          role: String(data.get("role") ?? "") as NewUser["role"],
          password: String(data.get("password") ?? ""),
        });
      }}
    >
      <TextField
        id="user-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="off"
        required
        error={fieldErrors.email}
      />
      <TextField id="user-name" name="name" label="Name" autoComplete="off" error={fieldErrors.name} />
      <Field id="user-role" label="Role" error={fieldErrors.role}>
        <Select name="role" defaultValue="support">
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
        <Button type="submit" disabled={create.pending} className="w-full sm:w-auto">
          {create.pending ? "Creating…" : "Create user"}
        </Button>
        <p
          data-testid="user-outcome"
          role="status"
          className={cn("text-sm", outcome?.ok ? "text-success" : "text-destructive")}
        >
          {outcome?.text}
        </p>
      </div>
    </Form>
  );
}
