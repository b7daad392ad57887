"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { saveListFromSearchAction } from "@/lib/actions/campaigns/save-list-from-search";

/** The players a search found, every page of them, saved as a player list for a campaign (docs/console.md, "Player lists"). */
export function ListFromSearchForm({ fragment }: { fragment: string }) {
  const [name, setName] = useState("");
  const saving = useFormAction(saveListFromSearchAction, {
    success: ({ players }) => `List "${name.trim()}" saved: ${players} players. Use it in a campaign.`,
    failure: (error) => error,
  });
  return (
    <Form
      aria-label="Save the players found as a list"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void saving.run({ name, q: fragment });
      }}
    >
      <Field
        label="List name"
        hint={`Every player found for "${fragment}", up to 10,000.`}
        error={saving.fieldErrors.name}
      >
        <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Button type="submit" variant="outline" disabled={saving.pending}>
        {saving.pending ? "Saving…" : "Save as a player list"}
      </Button>
    </Form>
  );
}
