"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import { markNotificationsReadAction } from "@/lib/actions/notifications/mark-notifications-read";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { BellItem } from "@/lib/notifications/notification-view";

interface Bell {
  unread: number;
  items: BellItem[];
}

/** The person's notifications, kept live; opening one or "Mark all read" marks them read. */
export function BellList({ initial }: { initial: Bell }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.bell,
    queryFn: ({ signal }) => getJson<Bell>("/api/notifications", signal),
    initialData: initial,
    refetchInterval: 15_000,
  });
  const mark = useFormAction(markNotificationsReadAction, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.bell }),
  });
  if (data.items.length === 0)
    return (
      <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
        Nothing yet. Approval requests for you, and decisions on yours, show here and on the bell.
      </p>
    );
  return (
    <section aria-labelledby="bell-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bell-heading" className="text-lg font-semibold">
          {data.unread} unread
        </h2>
        {data.unread > 0 ? (
          <Button variant="outline" disabled={mark.pending} onClick={() => void mark.run({ ids: [] })}>
            Mark all read
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {data.items.map((item) => (
          <li
            key={item.id}
            data-testid={`bell-item-${item.id}`}
            className="flex flex-col gap-1 rounded-lg border border-border bg-card p-3 text-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              {item.read ? null : <Badge tone="info">New</Badge>}
              {item.link ? (
                <Link
                  href={item.link}
                  className="font-medium underline underline-offset-2"
                  onClick={() => (item.read ? undefined : void mark.run({ ids: [item.id] }))}
                >
                  {item.title}
                </Link>
              ) : (
                <span className="font-medium">{item.title}</span>
              )}
            </div>
            <p className="break-words text-muted-foreground">{item.body}</p>
            <p className="text-xs text-muted-foreground">
              <When iso={item.at} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
