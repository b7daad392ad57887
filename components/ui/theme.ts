/**
 * The theme choice (docs/console.md, "Theme"): System, Light or Dark, remembered per browser in
 * localStorage and applied as the `.dark` class on <html> by an inline script in <head>, so the
 * first paint already has the right colours (no flash, no server round trip, no cookie).
 */
export const THEME_STORAGE_KEY = "gcc-theme";

/** Dispatched on window when this tab changes the choice (the `storage` event covers other tabs). */
export const THEME_CHANGE_EVENT = "gcc-themechange";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * The inline <head> script of app/layout.tsx: applies the stored choice before the first paint,
 * then again whenever it (this tab's event, another tab's `storage` event) or the OS preference
 * changes. Plain ES2019 text, not a serialised function: a bundler's helpers (e.g. esbuild's
 * `__name`) would not exist inside it. Unknown or missing choices follow the system.
 */
export const THEME_SCRIPT = `(function(k,e){var m=window.matchMedia("(prefers-color-scheme: dark)");function a(){var c=null;try{c=window.localStorage.getItem(k)}catch(_){}document.documentElement.classList.toggle("dark",c==="dark"||(c!=="light"&&m.matches))}a();m.addEventListener("change",a);window.addEventListener(e,a);window.addEventListener("storage",function(v){if(v.key===k)a()})})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(THEME_CHANGE_EVENT)})`;
