"use client";
import { useRouter } from "next/navigation";
import type { MouseEvent, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A click on a link, button or field inside the row does its own thing, not the row's. */
export const ownClick = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest("a, button, input, select, summary, label") !== null;

/**
 * A table row; with `href`, a click anywhere on it (not on its own links and buttons, and not
 * one that selects text) opens that page. Its cells are drawn on the server; only this goes to the
 * browser, with the row's one address.
 */
export function LinkedRow({
  href,
  testId,
  children,
}: {
  href?: string;
  testId?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  return (
    <tr
      data-testid={testId}
      onClick={
        href
          ? (event) => {
              if (!ownClick(event) && !window.getSelection()?.toString()) router.push(href);
            }
          : undefined
      }
      className={cn("align-middle", href && "cursor-pointer hover:bg-muted/60")}
    >
      {children}
    </tr>
  );
}
