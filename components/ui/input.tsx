"use client";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { useFieldControl } from "@/components/ui/field";

export type InputProps = ComponentProps<"input">;

/** A one-line text control; inside a Field it is labelled and described by it. */
export function Input({ className, ...props }: InputProps) {
  const wired = useFieldControl(props);
  return <input {...wired} className={cn(CONTROL_CLASS, "h-10 px-3 py-2", className)} />;
}
