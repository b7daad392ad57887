"use client";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { GRACE_CHOICES } from "@/lib/service-keys/key-rules";

/** How long a rolled key's old secret keeps working: loaded with the Roll dialog, not the page. */
export function GracePeriodChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">The old key keeps working for</legend>
      <RadioGroup value={value} onValueChange={onChange} aria-label="Grace period" className="gap-0">
        {GRACE_CHOICES.map((choice) => (
          <RadioGroupItem key={choice.seconds} value={String(choice.seconds)} label={choice.label} />
        ))}
      </RadioGroup>
    </fieldset>
  );
}
