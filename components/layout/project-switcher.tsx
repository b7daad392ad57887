"use client";
import { useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { chooseProjectAction } from "@/lib/actions/choose-project";

export interface ProjectSwitcherProps {
  projects: { ref: string; name: string; projectGuid: string }[];
  chosen: string | null;
}

/** Switches the project every page reads; the choice is remembered per user on the server. */
export function ProjectSwitcher({ projects, chosen }: ProjectSwitcherProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useOptimistic(chosen);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="project-switcher" className="font-medium">
        Project
      </label>
      <select
        id="project-switcher"
        value={shown ?? ""}
        disabled={pending || projects.length === 0}
        aria-describedby={error ? "project-switcher-error" : undefined}
        onChange={(event) => {
          const ref = event.target.value;
          startTransition(async () => {
            setShown(ref);
            const result = await chooseProjectAction({ ref });
            setError(result.ok ? null : result.error);
            router.refresh();
          });
        }}
        className="max-w-56 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {projects.length === 0 ? <option value="">No project connection yet</option> : null}
        {projects.map((project) => (
          <option key={project.ref} value={project.ref} title={project.projectGuid}>
            {project.name}
          </option>
        ))}
      </select>
      {error ? (
        <span id="project-switcher-error" role="status" className="text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </div>
  );
}
