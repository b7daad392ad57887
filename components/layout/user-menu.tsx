"use client";
import { LogOut, Monitor, Moon, Sun } from "lucide-react";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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

export interface UserMenuProps {
  email: string;
  role: string;
}

const THEMES = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const;

/** Who is signed in (email and role), the theme for this browser, and signing out. */
export function UserMenu({ email, role }: UserMenuProps) {
  const theme = useThemeChoice();
  const [signingOut, startSignOut] = useTransition();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-72 gap-2 px-2">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary uppercase"
          >
            {email.slice(0, 1)}
          </span>
          <span className="sr-only">Account: </span>
          <span data-testid="current-user" className="sr-only truncate md:not-sr-only">
            {email} · {role}
          </span>
        </Button>
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
        <DropdownMenuItem disabled={signingOut} onSelect={() => startSignOut(() => signOutAction())}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
