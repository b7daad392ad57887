"use client";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export interface ToggleButtonProps {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  children: ReactNode;
  /** The accessible name, when the visible text alone is not enough. */
  ariaLabel?: string;
  disabled?: boolean;
}

/**
 * An on/off choice shown as a button (`aria-pressed`): a filter chip, "Pin". Thumb-sized on a
 * phone like every button of the kit, where a 16 px checkbox is not (docs/console.md, "UI kit").
 */
export function ToggleButton({ pressed, onPressedChange, children, ariaLabel, disabled }: ToggleButtonProps) {
  return (
    <Button
      type="button"
      variant={pressed ? "secondary" : "outline"}
      aria-pressed={pressed}
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={() => onPressedChange(!pressed)}
    >
      {pressed ? <Check aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
