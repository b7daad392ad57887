"use client";
import { lazy, Suspense } from "react";
import { useFirstUse } from "./use-first-use";
import type { UserMenuProps } from "./user-menu";
import { UserMenuTrigger } from "./user-menu-trigger";

const loadMenu = () => import("./user-menu");
const UserMenu = lazy(loadMenu);

/**
 * The user menu's button on every page; the menu itself (Radix DropdownMenu with its positioning
 * code, the theme choice) loads on first use, so no page's first load carries it
 * (docs/console.md, "The shell"). The same button stands in while it loads.
 */
export function UserMenuButton({ email, role }: Omit<UserMenuProps, "defaultOpen">) {
  const { wanted, standIn } = useFirstUse(loadMenu);
  const button = <UserMenuTrigger email={email} role={role} aria-haspopup="menu" {...standIn} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu email={email} role={role} defaultOpen />
    </Suspense>
  );
}
