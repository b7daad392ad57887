"use client";
import { useId, useOptimistic } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Select } from "@/components/ui/select";
import { chooseProjectAction } from "@/lib/actions/connections/choose-project";
import { CONNECTION_ENVIRONMENTS, type ConnectionEnvironment } from "@/lib/model/connection-environment";
import { EnvironmentBadge } from "./environment-badge";

export interface SwitcherProject {
  ref: string;
  name: string;
  projectGuid: string;
  environment: ConnectionEnvironment;
}

export interface ProjectSwitcherProps {
  projects: SwitcherProject[];
  chosen: string | null;
}

const GROUP_LABELS: Record<ConnectionEnvironment, string> = { live: "Live", test: "Test" };

/**
 * Switches the project every page reads; the choice is remembered per user on the server. A
 * native select (phones get their own picker; tests choose by option label): the options are
 * grouped by environment, and the chosen project's environment shows as a badge.
 */
export function ProjectSwitcher({ projects, chosen }: ProjectSwitcherProps) {
  const id = useId();
  const [shown, setShown] = useOptimistic(chosen);
  // Every page reads the chosen project: the action's answer re-renders the page with it.
  const choose = useFormAction(chooseProjectAction, { onStart: ({ ref }) => setShown(ref) });
  const { pending, error } = choose;
  const current = projects.find((project) => project.ref === shown);
  // Live first: the projects where an award is real.
  const groups = [...CONNECTION_ENVIRONMENTS]
    .reverse()
    .map((environment) => ({ environment, projects: projects.filter((p) => p.environment === environment) }))
    .filter((group) => group.projects.length > 0);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 px-1">
        <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
          Project
        </label>
        {current ? (
          <span data-testid="project-environment">
            <EnvironmentBadge environment={current.environment} />
          </span>
        ) : null}
      </div>
      <Select
        id={id}
        value={shown ?? ""}
        disabled={pending || projects.length === 0}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void choose.run({ ref: event.target.value })}
      >
        {projects.length === 0 ? <option value="">No project connection yet</option> : null}
        {groups.map((group) => (
          <optgroup key={group.environment} label={GROUP_LABELS[group.environment]}>
            {group.projects.map((project) => (
              <option key={project.ref} value={project.ref} title={project.projectGuid}>
                {project.name}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      {error ? (
        <p id={`${id}-error`} role="status" className="px-1 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
