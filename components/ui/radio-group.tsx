"use client";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/components/ui/cn";

export type RadioGroupProps = ComponentProps<typeof RadioGroupPrimitive.Root>;

/** A set of exclusive choices (Radix: arrow keys move, one tab stop); give it an aria-label. */
export function RadioGroup({ className, ...props }: RadioGroupProps) {
  return <RadioGroupPrimitive.Root className={cn("grid gap-2", className)} {...props} />;
}

export interface RadioGroupItemProps extends ComponentProps<typeof RadioGroupPrimitive.Item> {
  /** The choice's visible text; the whole row is the click target. */
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
}

/** One choice with its label: the row is at least 40 px tall, thumb-sized on a phone. */
export function RadioGroupItem({ className, label, description, id, ...props }: RadioGroupItemProps) {
  const generated = useId();
  const itemId = id ?? generated;
  const descriptionId = description ? `${itemId}-description` : undefined;
  return (
    <div className={cn("flex min-h-10 items-start gap-3 py-2 text-sm", className)}>
      <RadioGroupPrimitive.Item
        id={itemId}
        aria-describedby={descriptionId}
        className="peer mt-0.5 inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-input bg-card shadow-xs disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-primary"
        {...props}
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Item>
      <span className="grid gap-0.5 peer-disabled:opacity-60">
        <label htmlFor={itemId} className="cursor-pointer font-medium text-foreground">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
