import { SearchX } from "lucide-react";
import { Link } from "@/components/ui/link";

/** The console's 404, inside the shell: for unknown paths and for records a page cannot find. */
export default function ConsoleNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <SearchX aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        Nothing lives at this address in the console. The link may be mistyped, or what it pointed at is gone.
      </p>
      <Link
        href="/"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        Go to the overview
      </Link>
    </main>
  );
}
