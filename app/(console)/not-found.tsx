import { NotFoundPanel } from "@/components/ui/not-found-panel";

/** The console's 404, inside the shell: for unknown paths and for records a page cannot find. */
export default function ConsoleNotFound() {
  return (
    <NotFoundPanel
      title="Page not found"
      description="Nothing lives at this address in the console. The link may be mistyped, or what it pointed at is gone."
      back={{ href: "/", label: "Go to the overview" }}
    />
  );
}
