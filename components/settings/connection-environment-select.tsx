"use client";
import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { setConnectionEnvironmentAction } from "@/lib/actions/set-connection-environment";
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
  const router = useRouter();
  const stepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(environment);
  return (
    <Select
      aria-label={`Environment of ${name}`}
      value={shown}
      disabled={pending}
      className="w-24"
      onChange={(event) => {
        const next = event.target.value as ConnectionEnvironment;
        startTransition(async () => {
          setShown(next);
          const result = await stepUp(() =>
            setConnectionEnvironmentAction({ ref: connectionRef, environment: next }),
          );
          if (result.ok) toast.success(`"${name}" is now ${next}.`);
          else toast.error(result.error);
          router.refresh();
        });
      }}
    >
      {CONNECTION_ENVIRONMENTS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  );
}
