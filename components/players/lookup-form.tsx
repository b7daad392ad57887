"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { useOpenPlayer } from "./use-open-player";

/**
 * "Customer ID" → the player's shareable page, `/players/<id>` (URL-encoded: any characters).
 * The ID is trimmed and checked with the console's one rule (lib/contract/customer-id-rule.ts, no schema library in the browser) before
 * it is looked up, so "  player-1001 " finds player-1001; the page checks it again.
 */
export function LookupForm({ initial = "", autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { open, pending } = useOpenPlayer();
  const [error, setError] = useState<string | null>(null);
  return (
    <search aria-label="Player lookup">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("customerId") as HTMLInputElement;
          const checked = checkCustomerId(input.value);
          if (!checked.ok) return setError(`Customer ID ${checked.problem}.`);
          input.value = checked.id;
          setError(null);
          open(checked.id);
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <Field id="customerId" label="Customer ID" className="w-full sm:w-80">
          <Input
            name="customerId"
            defaultValue={initial}
            // The lookup is the page's one job; the / shortcut lands here.
            autoFocus={autoFocus}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "customerId-error" : undefined}
          />
        </Field>
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          Look up
        </Button>
        {error ? (
          <p id="customerId-error" className="w-full text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </Form>
    </search>
  );
}
