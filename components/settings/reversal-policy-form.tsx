"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { FormError, SaveButton } from "@/components/ui/form-footer";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { setReversalPolicyAction } from "@/lib/actions/approvals/set-reversal-policy";
import {
  REVERSAL_APPROVAL_LABELS,
  REVERSAL_APPROVALS,
  type ReversalApproval,
} from "@/lib/model/reversal-policy";

/** Owners choose when a reversal waits for a second person (docs/console.md, "Reversals"). */
export function ReversalPolicyForm({ approval }: { approval: ReversalApproval }) {
  const [chosen, setChosen] = useState<ReversalApproval>(approval);
  const save = useFormAction(setReversalPolicyAction, {
    success: (data) => `Reversals: ${REVERSAL_APPROVAL_LABELS[data.approval].split(":")[0]}.`,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle id="reversal-policy-heading">Reversals</CardTitle>
        <CardDescription>
          When taking back an award, or cancelling a queued one, needs another manager's or owner's approval.
          A reversal does not give back what the award counted against its sender's daily limit.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          aria-labelledby="reversal-policy-heading"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save.run({ approval: chosen });
          }}
        >
          <RadioGroup
            aria-label="Reversals need approval"
            value={chosen}
            onValueChange={(value) => setChosen(value as ReversalApproval)}
          >
            {REVERSAL_APPROVALS.map((value) => (
              <RadioGroupItem key={value} value={value} label={REVERSAL_APPROVAL_LABELS[value]} />
            ))}
          </RadioGroup>
          <FormError message={save.error} />
          <SaveButton pending={save.pending} />
        </Form>
      </CardContent>
    </Card>
  );
}
