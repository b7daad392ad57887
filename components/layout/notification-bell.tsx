"use client";
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";

/** How often the count is read again while a page is open. */
const REFRESH_MS = 30_000;

/**
 * The bell in the top bar: the signed-in person's unread notifications (approvals waiting for them,
 * the decision on their own), counted live; it opens the list (docs/console.md, "Notifications").
 */
export function NotificationBell() {
  const { data } = useQuery({
    queryKey: queryKeys.bell,
    queryFn: ({ signal }) => getJson<{ unread: number }>("/api/notifications", signal),
    refetchInterval: REFRESH_MS,
  });
  const unread = data?.unread ?? 0;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link
        href="/notifications"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : "Notifications"}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold text-destructive-foreground"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
