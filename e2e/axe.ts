import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Waits for the page's finite CSS transitions and animations to end: a theme switch starts the
 * kit's 150 ms colour transitions on buttons and inputs, a hover or a dialog's entrance its own,
 * and axe read mid-way measures colours that are neither state's — a fresh-clone run once failed
 * the sign-in button's contrast in dark for it. An event, not a sleep; a spinner's endless
 * animation is not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition || animation.effect?.getTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * Serious or critical WCAG 2.1 A/AA violations on the page as it is now (none is the bar). Every
 * rule runs on every node as before; only violations are reported in full (axe's `resultTypes`),
 * so axe does not work out a selector and HTML for each node that passed: about a fifth of a run
 * on the console's pages (docs/testing.md). Set before the tags: `options()` replaces what
 * `withTags()` set.
 */
export async function seriousViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

/**
 * The serious violations of the page in each theme, as System follows the operating system's
 * colour scheme (light, then dark, then back to light): `{ light: [], dark: [] }` is the bar.
 */
export async function seriousViolationsInBothThemes(page: Page) {
  const html = page.locator("html");
  const found: Record<"light" | "dark", Awaited<ReturnType<typeof seriousViolations>>> = {
    light: [],
    dark: [],
  };
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await html.evaluate(
      (element, dark) =>
        new Promise<void>((resolve) => {
          const done = () => element.classList.contains("dark") === dark;
          if (done()) return resolve();
          new MutationObserver((_, observer) => {
            if (done()) {
              observer.disconnect();
              resolve();
            }
          }).observe(element, { attributes: true, attributeFilter: ["class"] });
        }),
      colorScheme === "dark",
    );
    found[colorScheme] = await seriousViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
