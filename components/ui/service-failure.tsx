import { CircleAlert, PlugZap } from "lucide-react";
import type { ServiceFailure } from "@/lib/model/service-failure";
import { cn } from "./cn";

const HEADINGS: Record<ServiceFailure["kind"], string> = {
  "no-project": "No project to show",
  refused: "The service answered with an error",
  unreachable: "The service cannot be reached",
  timeout: "The service did not answer in time",
  "invalid-response": "The service's answer could not be read",
  "too-large": "The service's answer was too large to read",
  busy: "The console was too busy to read the answer",
};

/**
 * What a page shows when the service failed: which way, and the service's own words. A console
 * with no project yet has nothing broken: that one is a plain note, not an alarm.
 */
export function ServiceFailurePanel({ failure }: { failure: ServiceFailure }) {
  const unset = failure.kind === "no-project";
  const Icon = unset ? PlugZap : CircleAlert;
  return (
    <section
      data-testid="service-failure"
      aria-labelledby="service-failure-heading"
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-foreground",
        unset ? "border-border bg-muted" : "border-destructive/40 bg-destructive/10",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", unset ? "text-muted-foreground" : "text-destructive")}
      />
      <div className="min-w-0">
        <h2 id="service-failure-heading" className="font-semibold">
          {HEADINGS[failure.kind]}
          {failure.status ? ` (HTTP ${failure.status})` : ""}
        </h2>
        <p className="mt-1 text-sm break-words">{failure.message}</p>
      </div>
    </section>
  );
}
