"use client";
import { LogOut, Monitor, Moon, ShieldCheck, Sun } from "lucide-react";
import Link from "next/link";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { isThemeChoice } from "@/components/ui/theme";
import { chooseTheme, useThemeChoice } from "@/components/ui/theme-toggle";
import { signOutAction } from "@/lib/actions/sign-out";
import { UserMenuTrigger } from "./user-menu-trigger";

export interface UserMenuProps {
  email: string;
  role: string;
  /** Open at once: the menu loads on the first click of its stand-in (user-menu-button.tsx). */
  defaultOpen?: boolean;
}

const THEMES = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const;

/** Who is signed in (email and role), the theme for this browser, and signing out. */
export default function UserMenu({ email, role, defaultOpen }: UserMenuProps) {
  const theme = useThemeChoice();
  const [signingOut, startSignOut] = useTransition();
  return (
    // Not modal: a modal menu hides the rest of the page from screen readers while its controls
    // stay focusable (axe: aria-hidden-focus); Escape and a click outside still close it.
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger email={email} role={role} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <div className="flex flex-col gap-1 px-2 py-1.5">
          <span className="truncate text-sm font-medium">{email}</span>
          <span>
            <Badge>{role}</Badge>
          </span>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(next) => {
            if (isThemeChoice(next)) chooseTheme(next);
          }}
        >
          {THEMES.map(({ value, label, Icon }) => (
            <DropdownMenuRadioItem key={value} value={value} onSelect={(event) => event.preventDefault()}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">
            <ShieldCheck aria-hidden="true" />
            Account and security
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={signingOut} onSelect={() => startSignOut(() => signOutAction())}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
