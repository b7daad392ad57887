"use client";
import { usePathname } from "next/navigation";
import { currentHref } from "@/components/layout/console-nav";
import { cn } from "@/components/ui/cn";
import { Link } from "@/components/ui/link";

const SETTINGS_PAGES = [
  { href: "/settings/users", label: "Users" },
  { href: "/settings/connections", label: "Connections" },
  { href: "/settings/policies", label: "Award policies" },
  { href: "/settings/notifications", label: "Notifications" },
  { href: "/settings/security", label: "Security" },
] as const;

/** Settings' own tabs: the current one marked for the eye and, with `aria-current`, for screen readers. */
export function SettingsNav() {
  const current = currentHref(
    usePathname(),
    SETTINGS_PAGES.map((page) => page.href),
  );
  return (
    <nav aria-label="Settings" className="flex flex-wrap gap-x-4 border-b border-border text-sm">
      {SETTINGS_PAGES.map(({ href, label }) => (
        <Link
          key={href}
          href={href}
          aria-current={href === current ? "page" : undefined}
          className={cn(
            "-mb-px inline-flex min-h-10 items-center border-b-2 border-transparent font-medium text-muted-foreground hover:text-foreground",
            href === current && "border-primary text-foreground",
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
