import type { ReactNode } from "react";
import { Button } from "./button";

/** A form's refusal as the server said it, read out by screen readers when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** A settings form's submit button: "Save", "Saving…" and disabled while the action runs. */
export function SaveButton({ pending, children }: { pending: boolean; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </Button>
      {children}
    </div>
  );
}
