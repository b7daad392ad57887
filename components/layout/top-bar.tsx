import { LookupShortcut } from "@/components/players/lookup-shortcut";
import { CommandPalette, type CommandPaletteProps } from "./command-palette";
import type { NavGroup } from "./console-nav";
import { MobileNav } from "./mobile-nav";
import { NotificationBell } from "./notification-bell";
import type { SwitcherProject } from "./project-switcher";
import { SignOutButton } from "./sign-out-button";
import type { UserMenuProps } from "./user-menu";
import { UserMenuButton } from "./user-menu-button";

export interface TopBarProps {
  /** The sidebar's groups, for the phone's menu. */
  groups: NavGroup[];
  projects: SwitcherProject[];
  chosen: string | null;
  palette: CommandPaletteProps;
  user: Omit<UserMenuProps, "defaultOpen">;
}

/** The bar above every page: the phone's menu, search (the palette), the user menu. */
export function TopBar({ groups, projects, chosen, palette, user }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/90 px-3 backdrop-blur sm:px-6">
      <MobileNav groups={groups} projects={projects} chosen={chosen} />
      <div className="flex min-w-0 flex-1 items-center">
        <CommandPalette {...palette} />
      </div>
      <LookupShortcut />
      <NotificationBell />
      <UserMenuButton {...user} />
      <SignOutButton />
    </header>
  );
}
