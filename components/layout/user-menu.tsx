"use client";
import { Clock, LogOut, Monitor, Moon, ShieldCheck, Sun } from "lucide-react";
import { useRef, useState, useTransition } from "react";
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
import { Link } from "@/components/ui/link";
import { isThemeChoice } from "@/components/ui/theme";
import { chooseTheme, useThemeChoice } from "@/components/ui/theme-toggle";
import { useBrowserTimeZone, useChosenTimeZone } from "@/components/ui/when";
import { signOutAction } from "@/lib/actions/session/sign-out";
import { TimeZoneDialog } from "./time-zone-dialog";
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

/** Who is signed in (email and role), the theme for this browser, their time zone, and signing out. */
export default function UserMenu({ email, role, defaultOpen }: UserMenuProps) {
  const theme = useThemeChoice();
  const [signingOut, startSignOut] = useTransition();
  const [choosingZone, setChoosingZone] = useState(false);
  const chosenZone = useChosenTimeZone();
  const browserZone = useBrowserTimeZone();
  const zoneLabel = chosenZone ?? `This browser’s${browserZone ? ` (${browserZone})` : ""}`;
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* Not modal: a modal menu hides the rest of the page from screen readers while its controls
        stay focusable (axe: aria-hidden-focus); Escape and a click outside still close it. */}
      <DropdownMenu defaultOpen={defaultOpen} modal={false}>
        <DropdownMenuTrigger asChild>
          <UserMenuTrigger ref={trigger} email={email} role={role} />
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
          <DropdownMenuItem aria-label={`Time zone: ${zoneLabel}`} onSelect={() => setChoosingZone(true)}>
            <Clock aria-hidden="true" />
            <span className="flex min-w-0 flex-col">
              Time zone
              <span className="truncate text-xs text-muted-foreground" data-testid="user-menu-time-zone">
                {zoneLabel}
              </span>
            </span>
          </DropdownMenuItem>
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
      <TimeZoneDialog
        open={choosingZone}
        onOpenChange={setChoosingZone}
        // The menu item that opened it is gone: focus goes back to the menu's button.
        onClosed={() => trigger.current?.focus()}
      />
    </>
  );
}
