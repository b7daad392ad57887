"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { saveListFromHistoryAction } from "@/lib/actions/campaigns/save-list-from-history";

/**
 * A player list from the award history (docs/console.md, "Player lists"): the players with an
 * award of a status and token in the last days — "everyone with a failed GOLD award last week".
 */
export function ListFromHistoryForm({ tokens }: { tokens: { guid: string; symbol: string }[] }) {
  const [draft, setDraft] = useState({
    name: "",
    status: "failed" as "any" | "paid" | "failed",
    token: "",
    days: "7",
  });
  const saving = useFormAction(saveListFromHistoryAction, {
    success: ({ players }) => `List "${draft.name.trim()}" saved: ${players} players.`,
    failure: (error) => error,
  });
  const set = (key: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <Form
      aria-label="Save players from the award history"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void saving.run(draft);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="List name" error={saving.fieldErrors.name}>
          <Input value={draft.name} maxLength={100} onChange={(e) => set("name")(e.target.value)} />
        </Field>
        <Field label="Awards" error={saving.fieldErrors.status}>
          <Select value={draft.status} onChange={(e) => set("status")(e.target.value)}>
            <option value="failed">That failed</option>
            <option value="paid">That were paid</option>
            <option value="any">Any</option>
          </Select>
        </Field>
        <Field label="Token" error={saving.fieldErrors.token}>
          <Select value={draft.token} onChange={(e) => set("token")(e.target.value)}>
            <option value="">Any token</option>
            {tokens.map((token) => (
              <option key={token.guid} value={token.guid}>
                {token.symbol}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="In the last (days)" error={saving.fieldErrors.days}>
          <Input inputMode="numeric" value={draft.days} onChange={(e) => set("days")(e.target.value)} />
        </Field>
      </div>
      {saving.error ? (
        <p role="alert" className="text-sm text-destructive">
          {saving.error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={saving.pending}>
          {saving.pending ? "Saving…" : "Save as a player list"}
        </Button>
      </div>
    </Form>
  );
}
