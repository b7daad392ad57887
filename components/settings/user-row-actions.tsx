"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { changeUserAction } from "@/lib/actions/change-user";

export interface UserRowActionsProps {
  userId: number;
  email: string;
  role: "owner" | "manager" | "support";
  active: boolean;
}

/** A user's role and access, changed at once: the role is read on every request. */
export function UserRowActions({ userId, email, role, active }: UserRowActionsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const change = async (change: Parameters<typeof changeUserAction>[0]["change"]) => {
    const result = await changeUserAction({ userId, change });
    setError(result.ok ? null : result.error);
    if (result.ok) toast.success(`${email} changed.`);
    router.refresh();
  };
  const run = (next: Parameters<typeof changeUserAction>[0]["change"]) => startTransition(() => change(next));
  const small = "rounded border border-zinc-300 px-2 py-1 text-xs disabled:opacity-60 dark:border-zinc-700";
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={`Role of ${email}`}
          value={role}
          disabled={pending}
          onChange={(event) => run({ kind: "role", role: event.target.value as UserRowActionsProps["role"] })}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="support">support</option>
          <option value="manager">manager</option>
          <option value="owner">owner</option>
        </select>
        {active ? (
          // Deactivating ends the user's access at once: confirmed first.
          <ConfirmButton
            label="Deactivate"
            ariaLabel={`Deactivate ${email}`}
            className={small}
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
          <button
            type="button"
            disabled={pending}
            onClick={() => run({ kind: "active", active: true })}
            className={small}
            aria-label={`Reactivate ${email}`}
          >
            Reactivate
          </button>
        )}
      </div>
      {error ? (
        <p role="status" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
