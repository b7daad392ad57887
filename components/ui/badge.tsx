import type { ReactNode } from "react";

const TONES = {
  neutral: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  bad: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
} as const;

export interface BadgeProps {
  tone?: keyof typeof TONES;
  children: ReactNode;
}

/** A short status word; its text carries the meaning, the colour only repeats it. */
export function Badge({ tone = "neutral", children }: BadgeProps) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}
