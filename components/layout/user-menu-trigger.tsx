import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

export interface UserMenuTriggerProps extends ComponentProps<typeof Button> {
  email: string;
  role: string;
}

/** The user menu's button: the initial, and "email · role" beside it from `md` (read on every size). */
export function UserMenuTrigger({ email, role, ...button }: UserMenuTriggerProps) {
  return (
    <Button variant="ghost" className="max-w-72 gap-2 px-2" {...button}>
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
  );
}
