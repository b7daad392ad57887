"use client";
import { useState } from "react";

/**
 * For an overlay whose code loads on first use (the user menu, the phone's menu): `wanted` turns
 * true on the stand-in button's first click, and its code is fetched as soon as the pointer or
 * the focus comes near, so the click rarely waits.
 */
export function useFirstUse(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void load();
  return {
    wanted,
    standIn: {
      "aria-expanded": false,
      onClick: () => setWanted(true),
      onPointerEnter: prefetch,
      onFocus: prefetch,
    },
  } as const;
}
