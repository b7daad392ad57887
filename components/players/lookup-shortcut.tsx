"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** "/" anywhere (outside a text field) opens the player lookup, like search in most consoles. */
export function LookupShortcut() {
  const router = useRouter();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      event.preventDefault();
      const field = document.getElementById("customerId");
      if (field instanceof HTMLInputElement) field.focus();
      else router.push("/players");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
  // The hint lives in the command palette's footer; the shortcut needs no element of its own.
  return null;
}
