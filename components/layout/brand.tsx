import { Gamepad2 } from "lucide-react";
import { Link } from "@/components/ui/link";

/** The console's name, linking to the overview. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-2 rounded-md px-1 text-sm font-semibold tracking-tight text-foreground"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Gamepad2 aria-hidden="true" className="size-4" />
      </span>
      <span className="leading-tight">Game Commerce Console</span>
    </Link>
  );
}
