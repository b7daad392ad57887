"use client";
import { lazy, Suspense, useState } from "react";
import { MenuButton } from "./menu-button";
import type { MobileNavSheetProps } from "./mobile-nav-sheet";

const loadSheet = () => import("./mobile-nav-sheet");
const MobileNavSheet = lazy(loadSheet);

/**
 * Below `lg` the sidebar lives behind a menu button. The sheet (a Radix dialog) loads on the first
 * click, so wide screens never fetch it; the button stands in while it loads.
 */
export function MobileNav(props: MobileNavSheetProps) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <MenuButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setWanted(true)}
      onPointerEnter={() => void loadSheet()}
      onFocus={() => void loadSheet()}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MobileNavSheet {...props} />
    </Suspense>
  );
}
