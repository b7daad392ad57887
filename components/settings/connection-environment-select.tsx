"use client";
import { useOptimistic } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Select } from "@/components/ui/select";
import { setConnectionEnvironmentAction } from "@/lib/actions/connections/set-connection-environment";
import { CONNECTION_ENVIRONMENTS, type ConnectionEnvironment } from "@/lib/model/connection-environment";

export interface ConnectionEnvironmentSelectProps {
  connectionRef: string;
  name: string;
  environment: ConnectionEnvironment;
}

/** The owner marks a saved connection test or live, in its row; the switcher shows it at once. */
export function ConnectionEnvironmentSelect({
  connectionRef,
  name,
  environment,
}: ConnectionEnvironmentSelectProps) {
  const [shown, setShown] = useOptimistic(environment);
  const mark = useFormAction(setConnectionEnvironmentAction, {
    onStart: ({ environment: next }) => setShown(next),
    success: ({ environment: next }) => `"${name}" is now ${next}.`,
    failure: (error) => error,
  });
  return (
    <Select
      aria-label={`Environment of ${name}`}
      value={shown}
      disabled={mark.pending}
      className="w-24"
      onChange={(event) =>
        void mark.run({ ref: connectionRef, environment: event.target.value as ConnectionEnvironment })
      }
    >
      {CONNECTION_ENVIRONMENTS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  );
}
