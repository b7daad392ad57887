/**
 * The first stop of the Tab key on every console page: "Skip to content" jumps past the sidebar
 * and the top bar to the page itself (`#content`, focusable for it). Out of sight until focused.
 */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:font-medium focus:text-foreground focus:shadow-lg focus:outline-2 focus:outline-ring"
    >
      Skip to content
    </a>
  );
}
