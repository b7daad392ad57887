"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";

/**
 * "Customer ID" → the player's shareable page, `/players/<id>` (URL-encoded: any characters).
 * The ID is trimmed and checked with the console's one rule (lib/contract/customer-id-rule.ts, no schema library in the browser) before
 * it is looked up, so "  player-1001 " finds player-1001; the page checks it again.
 */
export function LookupForm({ initial = "", autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <search aria-label="Player lookup">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("customerId") as HTMLInputElement;
          const checked = checkCustomerId(input.value);
          if (!checked.ok) return setError(`Customer ID ${checked.problem}.`);
          input.value = checked.id;
          setError(null);
          startTransition(() => router.push(`/players/${encodeURIComponent(checked.id)}`));
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="customerId" className="text-sm font-medium">
            Customer ID
          </label>
          <input
            id="customerId"
            name="customerId"
            defaultValue={initial}
            // The lookup is the page's one job; the / shortcut lands here.
            // biome-ignore lint/a11y/noAutofocus: the page exists to take this one input
            autoFocus={autoFocus}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "customerId-error" : undefined}
            className="w-80 max-w-full rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
          Look up
        </button>
        {error ? (
          <p id="customerId-error" className="w-full text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
