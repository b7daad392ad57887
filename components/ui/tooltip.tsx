"use client";
import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactNode } from "react";

export interface TooltipProps {
  /** The short text shown on hover and keyboard focus. It adds to a name, never replaces one. */
  content: ReactNode;
  /** The one focusable element it describes (a Button, a link). */
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
}

/**
 * A hint on hover or focus. Each tooltip brings its own provider, so no page needs a global
 * one; an icon button still needs its own aria-label (touch screens show no tooltip).
 */
export function Tooltip({ content, children, side = "top" }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-foreground" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
