"use client";
import NextLink from "next/link";
import { type ComponentProps, useState } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The console's link: Next.js's `Link`, prefetched when a person shows intent — the pointer over
 * it, the keyboard's focus on it, a touch starting on it — instead of as soon as it scrolls into
 * view. Next.js prefetches every visible link of a dynamic page, two requests each, and each
 * request renders on the server: the sidebar alone made every page view cost 24–54 renders more
 * than the page itself (docs/console.md, "Links prefetch on intent"). The pointer reaches a link
 * a few hundred milliseconds before the click, long enough for the prefetch to arrive, so a click
 * still shows the next page's loading state at once. `prefetch={false}` still means never.
 * Every link of the console comes from here (biome.json restricts `next/link`).
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  // The person's own handler runs too; with `prefetch={false}` intent changes nothing.
  const showingIntent =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      if (prefetch !== false) setIntent(true);
      handler?.(event);
    };
  return (
    <NextLink
      {...props}
      // null: Next.js's own choice for the route (its default), once there is intent.
      prefetch={intent ? (prefetch ?? null) : false}
      onMouseEnter={showingIntent(onMouseEnter)}
      onTouchStart={showingIntent(onTouchStart)}
      onFocus={showingIntent(onFocus)}
    />
  );
}
