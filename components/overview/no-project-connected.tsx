import { PlugZap } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";

export interface NoProjectConnectedProps {
  /** The person may add a connection (an owner): they get the way there, others whom to ask. */
  canConnect: boolean;
}

/** The overview without a chosen project or its connection: what to do instead. */
export function NoProjectConnected({ canConnect }: NoProjectConnectedProps) {
  return (
    <EmptyState
      icon={PlugZap}
      title="No project connected yet"
      description={
        canConnect
          ? "Connect the console to a service (its base URL, project and API key) in Settings → Connections; the overview then shows what happens in that project."
          : "An owner connects the console to a project in Settings → Connections; the overview then shows what happens in it."
      }
      action={
        canConnect ? (
          <Button asChild>
            <Link href="/settings/connections">Add a connection</Link>
          </Button>
        ) : null
      }
    />
  );
}
