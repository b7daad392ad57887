"use client";
import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useIsDark } from "@/components/ui/use-is-dark";

// sonner reads its colours from these variables: point them at the theme tokens.
const TOKENS = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
} as CSSProperties;

/**
 * The toast host itself (sonner), drawn with the theme tokens; loaded by toaster.tsx on the
 * person's first interaction with the page.
 */
export function SonnerToaster() {
  const dark = useIsDark();
  return (
    <Sonner
      theme={dark ? "dark" : "light"}
      closeButton
      position="bottom-right"
      style={TOKENS}
      toastOptions={{
        classNames: {
          success: "[&_[data-icon]]:text-success",
          error: "[&_[data-icon]]:text-destructive",
          warning: "[&_[data-icon]]:text-warning",
          info: "[&_[data-icon]]:text-info",
        },
      }}
    />
  );
}
