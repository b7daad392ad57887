"use client";
import { Check } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { useFieldControl } from "@/components/ui/field";

export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root>;

/**
 * A checkbox (Radix: role="checkbox", posts with a plain form through its hidden input). Put it
 * in a <label> with its text, or in a Field.
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  const wired = useFieldControl(props);
  return (
    <CheckboxPrimitive.Root
      {...wired}
      className={cn(
        "peer inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-sm border border-input bg-card shadow-xs disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        className,
      )}
    >
      <CheckboxPrimitive.Indicator>
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
