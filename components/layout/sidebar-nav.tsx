"use client";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { Link } from "@/components/ui/link";
import { currentHref, type NavGroup } from "./console-nav";
import { NAV_ICONS } from "./nav-icons";

export interface SidebarNavProps {
  groups: NavGroup[];
  /** Called when a link is followed (the phone's sheet closes). */
  onNavigate?: () => void;
}

/** The console's sections in groups with icons; the current page is marked for the eye and for screen readers. */
export function SidebarNav({ groups, onNavigate }: SidebarNavProps) {
  const pathname = usePathname();
  const current = currentHref(
    pathname,
    groups.flatMap((group) => group.items.map((item) => item.href)),
  );
  const id = useId();
  return (
    <nav aria-label="Console" className="flex flex-col gap-4">
      {groups.map((group, index) => {
        const headingId = `${id}-group-${index}`;
        return (
          <div key={group.heading ?? group.items[0]?.href} className="flex flex-col gap-0.5">
            {group.heading ? (
              <div id={headingId} className="px-3 pb-1 text-xs font-medium text-muted-foreground">
                {group.heading}
              </div>
            ) : null}
            <ul aria-labelledby={group.heading ? headingId : undefined} className="flex flex-col gap-0.5">
              {group.items.map(({ href, label, icon, count }) => {
                const Icon = NAV_ICONS[icon];
                const active = href === current;
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground hover:bg-sidebar-accent hover:text-foreground",
                        active && "bg-sidebar-accent text-foreground",
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className={cn("size-4 shrink-0 text-muted-foreground", active && "text-primary")}
                      />
                      <span className="truncate">{label}</span>
                      {count ? (
                        <span data-testid={`nav-count-${icon}`} className="ml-auto">
                          {" "}
                          <Badge tone="info" className="tabular-nums">
                            {count.value}
                            <span className="sr-only"> {count.label}</span>
                          </Badge>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
