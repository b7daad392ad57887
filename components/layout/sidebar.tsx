"use client";
import { Brand } from "./brand";
import type { NavGroup } from "./console-nav";
import { ProjectSwitcher, type SwitcherProject } from "./project-switcher";
import { SidebarNav } from "./sidebar-nav";

export interface SidebarProps {
  groups: NavGroup[];
  projects: SwitcherProject[];
  chosen: string | null;
  /** Called when a link is followed (the phone's sheet closes). */
  onNavigate?: () => void;
}

/** What the sidebar holds, on a wide screen beside the page and on a phone in the menu sheet. */
export function Sidebar({ groups, projects, chosen, onNavigate }: SidebarProps) {
  return (
    <div className="flex flex-col gap-5 p-3">
      <div className="flex h-10 items-center pr-10 lg:pr-0">
        <Brand onNavigate={onNavigate} />
      </div>
      <ProjectSwitcher projects={projects} chosen={chosen} />
      <SidebarNav groups={groups} onNavigate={onNavigate} />
    </div>
  );
}
