import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export interface EmptyStateProps {
  /** A lucide icon component (e.g. `Inbox`), drawn decoratively. */
  icon?: LucideIcon;
  title: string;
  /** What the person can do about it. */
  description?: ReactNode;
  /** A next step: a Button or a link. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing yet: says so, and offers the next step. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center",
        className,
      )}
    >
      {Icon ? (
        <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      ) : null}
      <p className="font-medium text-foreground">{title}</p>
      {description ? <div className="max-w-md text-sm text-muted-foreground">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
