"use client";
import { useEffect } from "react";

/** At most one signal a minute: the idle timeout is counted in minutes. */
const EVERY_MS = 60_000;

/**
 * Tells the server the person is here — a key, a click or a tap — so the idle timeout counts from
 * real use, not from an open tab's live refreshes (docs/console.md, "Sessions"). An ended session
 * is left to the click's own request: its guard sends the person to sign-in and back.
 */
export function ActivitySignal() {
  useEffect(() => {
    let last = 0;
    const signal = () => {
      const now = Date.now();
      if (now - last < EVERY_MS) return;
      last = now;
      void fetch("/api/session/activity", { method: "POST" }).catch(() => {
        // Offline or stopping: the next action records activity anyway.
      });
    };
    const events = ["pointerdown", "keydown"] as const;
    for (const event of events) window.addEventListener(event, signal, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, signal);
    };
  }, []);
  return null;
}
