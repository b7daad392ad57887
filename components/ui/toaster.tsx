"use client";
import { lazy, Suspense, useEffect } from "react";
import { useToasterWanted, wantToaster } from "@/components/ui/toast";

const SonnerToaster = lazy(() =>
  import("./sonner-toaster").then((module) => ({ default: module.SonnerToaster })),
);

// Every toast follows something the person did: the host is there before the first can come.
const FIRST_USE = ["pointerdown", "keydown"] as const;

/**
 * The one toast host, for `toast` of components/ui/toast.ts. Toasts repeat an outcome the page
 * also shows; they are never the only place it appears. Its code (sonner-toaster.tsx) loads on
 * the person's first pointer or key press on the page, so its live region is in place before an
 * action's toast arrives, and no page's first load carries it (docs/console.md, "Bundle budget").
 */
export function Toaster() {
  const wanted = useToasterWanted();
  useEffect(() => {
    if (wanted) return;
    const want = () => wantToaster();
    for (const type of FIRST_USE) window.addEventListener(type, want, { capture: true, once: true });
    return () => {
      for (const type of FIRST_USE) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
