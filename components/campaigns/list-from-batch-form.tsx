"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { saveListFromBatchAction } from "@/lib/actions/campaigns/save-list-from-batch";

const FILTERS = {
  all: "Every player of the batch",
  paid: "The players it paid",
  failed: "The players whose award failed",
} as const;

/**
 * A bulk batch's players saved as a player list for a campaign (docs/console.md, "Player lists"):
 * every one, the paid ones, or those whose award failed — "compensate everyone in batch 12".
 */
export function ListFromBatchForm({ batchId }: { batchId: number }) {
  const [name, setName] = useState(`Batch ${batchId}`);
  const [filter, setFilter] = useState<keyof typeof FILTERS>("all");
  const saving = useFormAction(saveListFromBatchAction, {
    success: ({ players }) => `List "${name.trim()}" saved: ${players} players. Use it in a campaign.`,
    failure: (error) => error,
  });
  return (
    <section aria-labelledby="batch-list-heading" className="flex flex-col gap-2">
      <h2 id="batch-list-heading" className="text-lg font-semibold">
        Its players as a list
      </h2>
      <p className="text-sm text-muted-foreground">
        For a campaign: compensate everyone of this batch, pay its winners again next week, retry whoever
        failed.
      </p>
      <Form
        aria-label="Save the batch's players as a list"
        className="flex max-w-3xl flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void saving.run({ name, batchId, filter });
        }}
      >
        <Field label="List name" error={saving.fieldErrors.name}>
          <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Players" error={saving.fieldErrors.filter}>
          <Select value={filter} onChange={(event) => setFilter(event.target.value as keyof typeof FILTERS)}>
            {Object.entries(FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline" disabled={saving.pending}>
          {saving.pending ? "Saving…" : "Save as a player list"}
        </Button>
      </Form>
    </section>
  );
}
