"use client";
import { lazy, Suspense, useState } from "react";
import type { UserMenuProps } from "./user-menu";
import { UserMenuTrigger } from "./user-menu-trigger";

const loadMenu = () => import("./user-menu");
const UserMenu = lazy(loadMenu);

/**
 * The user menu's button on every page; the menu itself (Radix DropdownMenu with its positioning
 * code, the theme choice) loads on the first click, so no page's first load carries it
 * (docs/console.md, "The shell"). It is fetched early when the pointer or focus comes near, and
 * the same button stands in while it loads.
 */
export function UserMenuButton({ email, role }: Omit<UserMenuProps, "defaultOpen">) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <UserMenuTrigger
      email={email}
      role={role}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu email={email} role={role} defaultOpen />
    </Suspense>
  );
}
