"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Select } from "@/components/ui/select";
import { changeUserAction } from "@/lib/actions/users/change-user";

export interface UserRowActionsProps {
  userId: number;
  email: string;
  role: "owner" | "manager" | "support";
  active: boolean;
}

/** A user's role and access, changed at once: the role is read on every request. */
export function UserRowActions({ userId, email, role, active }: UserRowActionsProps) {
  const { run, pending, error } = useFormAction(changeUserAction, { success: `${email} changed.` });
  const change = async (change: Parameters<typeof changeUserAction>[0]["change"]) => {
    await run({ userId, change });
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Select
          aria-label={`Role of ${email}`}
          value={role}
          disabled={pending}
          onChange={(event) =>
            change({ kind: "role", role: event.target.value as UserRowActionsProps["role"] })
          }
          className="w-32"
        >
          <option value="support">support</option>
          <option value="manager">manager</option>
          <option value="owner">owner</option>
        </Select>
        {active ? (
          // Deactivating ends the user's access at once: confirmed first.
          <ConfirmButton
            label="Deactivate"
            ariaLabel={`Deactivate ${email}`}
            variant="outline"
            size="sm"
            pending={pending}
            title={`Deactivate ${email}?`}
            confirmLabel="Deactivate"
            pendingLabel="Deactivating…"
            tone="danger"
            onConfirm={() => change({ kind: "active", active: false })}
          >
            <p>They lose access at once, on their next click. An owner can reactivate them later.</p>
          </ConfirmButton>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() => change({ kind: "active", active: true })}
            aria-label={`Reactivate ${email}`}
          >
            Reactivate
          </Button>
        )}
      </div>
      {error ? (
        <p role="status" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
