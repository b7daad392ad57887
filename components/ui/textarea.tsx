"use client";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { useFieldControl } from "@/components/ui/field";

export type TextareaProps = ComponentProps<"textarea">;

/** A multi-line text control; inside a Field it is labelled and described by it. */
export function Textarea({ className, ...props }: TextareaProps) {
  const wired = useFieldControl(props);
  return <textarea {...wired} className={cn(CONTROL_CLASS, "min-h-20 px-3 py-2", className)} />;
}
