"use client";
import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { useFieldControl } from "@/components/ui/field";

export type SelectProps = ComponentProps<"select">;

/**
 * A native <select> with the kit's look: it posts with plain forms, works without JavaScript and
 * gives phones their own picker. Inside a Field it is labelled and described by it.
 */
export function Select({ className, children, ...props }: SelectProps) {
  const wired = useFieldControl(props);
  return (
    <div className={cn("relative", className)}>
      <select {...wired} className={cn(CONTROL_CLASS, "h-10 appearance-none py-2 pr-9 pl-3")}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
