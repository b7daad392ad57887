"use client";
import { lazy, Suspense } from "react";
import { MenuButton } from "./menu-button";
import type { MobileNavSheetProps } from "./mobile-nav-sheet";
import { useFirstUse } from "./use-first-use";

const loadSheet = () => import("./mobile-nav-sheet");
const MobileNavSheet = lazy(loadSheet);

/**
 * Below `lg` the sidebar lives behind a menu button. The sheet (a Radix dialog) loads on first
 * use, so wide screens never fetch it; the button stands in while it loads.
 */
export function MobileNav(props: MobileNavSheetProps) {
  const { wanted, standIn } = useFirstUse(loadSheet);
  const button = <MenuButton aria-haspopup="dialog" {...standIn} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MobileNavSheet {...props} />
    </Suspense>
  );
}
