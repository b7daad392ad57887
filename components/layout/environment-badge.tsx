import { Badge } from "@/components/ui/badge";
import { type ConnectionEnvironment, environmentTone } from "@/lib/model/connection-environment";

/** "test" or "live" beside a project's name; read as "Environment: live". */
export function EnvironmentBadge({ environment }: { environment: ConnectionEnvironment }) {
  return (
    <Badge tone={environmentTone(environment)}>
      <span className="sr-only">Environment: </span>
      {environment}
    </Badge>
  );
}
