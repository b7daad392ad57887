"use client";
import { Monitor, Moon, Sun } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "@/components/ui/cn";
import {
  isThemeChoice,
  THEME_CHANGE_EVENT,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from "@/components/ui/theme";

const OPTIONS = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const satisfies readonly { value: ThemeChoice; label: string; Icon: unknown }[];

function subscribe(onChange: () => void) {
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/** Stores a choice for this browser and applies it at once (in every open tab). */
export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  // The inline theme script (components/ui/theme.ts) listens and applies it.
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

/** The stored choice ("system" on the server and before hydration), for a menu's own radio items. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => "system" as const);
}

/**
 * The theme choice: a radio group named "Theme" with System, Light and Dark (segmented, icons
 * with visible text). It only stores the choice; the inline script applies it.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const value = useThemeChoice();
  return (
    <RadioGroupPrimitive.Root
      aria-label="Theme"
      orientation="horizontal"
      value={value}
      onValueChange={(next) => {
        if (isThemeChoice(next)) chooseTheme(next);
      }}
      className={cn("inline-flex rounded-md border border-border bg-muted p-0.5", className)}
    >
      {OPTIONS.map(({ value: option, label, Icon }) => (
        <RadioGroupPrimitive.Item
          key={option}
          value={option}
          className="inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-sm px-2 text-xs font-medium text-muted-foreground hover:text-foreground data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-xs"
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
