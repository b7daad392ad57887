import { useSyncExternalStore } from "react";

/**
 * The console's toasts: `toast.success("…")`, `toast.error`, `toast.warning`, `toast.info`. sonner (the host
 * and its toast store, about 9 kB gzipped) loads only when a page is used — the host on the
 * person's first interaction (toaster.tsx), the store with the first toast — so no page's first
 * load carries it (docs/console.md, "Bundle budget"). A toast shown before the host is there
 * appears when it mounts: sonner's host replays the toasts it missed.
 */

const loadSonner = () => import("sonner");

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the toast host (once): the page is in use, a toast may follow. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast host has been asked for. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

type Tone = "success" | "error" | "warning" | "info";

function show(tone: Tone, message: string): void {
  wantToaster();
  void loadSonner().then((sonner) => sonner.toast[tone](message));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  warning: (message: string) => show("warning", message),
  info: (message: string) => show("info", message),
};
