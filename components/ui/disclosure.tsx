"use client";
import { type ReactNode, useEffect, useRef, useState } from "react";

export interface DisclosureProps {
  /** What the summary line says ("The figures as a table", "3 products"). */
  summary: ReactNode;
  /** Open on arrival (and its body rendered by the server). */
  defaultOpen?: boolean;
  className?: string;
  summaryClassName?: string;
  children: ReactNode;
}

/**
 * A `<details>` whose body is rendered the first time it is opened, then kept (closing and opening
 * again keeps its state). A closed body is work for the server and bytes for the browser that
 * nobody may read: the overview's table of 30 days × tokens behind its charts was a fifth of that
 * page's render (docs/benchmarks.md, "Console: page response times"). What this costs: the
 * browser's find-in-page does not see a closed body's text.
 *
 * Opened before the page's scripts ran (a click on a slow connection), the browser opens the
 * `<details>` itself and React never hears that toggle: the body is rendered when React finds it
 * open, so the person does not see an open, empty disclosure.
 */
export function Disclosure({
  summary,
  defaultOpen = false,
  className,
  summaryClassName,
  children,
}: DisclosureProps) {
  const [opened, setOpened] = useState(defaultOpen);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details
      ref={details}
      className={className}
      open={defaultOpen}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className={summaryClassName}>{summary}</summary>
      {opened ? children : null}
    </details>
  );
}
