import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { THEME_CHANGE_EVENT, THEME_SCRIPT, THEME_STORAGE_KEY } from "@/components/ui/theme";

/** Runs the inline script against a fake window: its stored choice and the OS preference. */
function boot(stored: string | null, systemDark: boolean, storageThrows = false) {
  const classes = new Set<string>();
  const listeners = new Map<string, ((event: { key?: string }) => void)[]>();
  const media = {
    matches: systemDark,
    addEventListener: (_: string, fn: () => void) => listeners.set("media", [fn]),
  };
  let value = stored;
  const window = {
    matchMedia: () => media,
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("denied");
        return key === THEME_STORAGE_KEY ? value : null;
      },
    },
    addEventListener: (name: string, fn: (event: { key?: string }) => void) =>
      listeners.set(name, [...(listeners.get(name) ?? []), fn]),
  };
  const document = {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
  };
  runInNewContext(THEME_SCRIPT, { window, document });
  return {
    dark: () => classes.has("dark"),
    store: (next: string | null) => {
      value = next;
    },
    fire: (name: string, event: { key?: string } = {}) => {
      for (const fn of listeners.get(name) ?? []) fn(event);
    },
    media,
  };
}

describe("the inline theme script", () => {
  it.each([
    { stored: "dark", systemDark: false, dark: true },
    { stored: "light", systemDark: true, dark: false },
    { stored: null, systemDark: true, dark: true },
    { stored: null, systemDark: false, dark: false },
    { stored: "system", systemDark: true, dark: true },
    { stored: "purple", systemDark: false, dark: false },
  ])("stored $stored with a dark OS $systemDark → dark $dark", ({ stored, systemDark, dark }) => {
    expect(boot(stored, systemDark).dark()).toBe(dark);
  });

  it("follows the system when storage is denied", () => {
    expect(boot(null, true, true).dark()).toBe(true);
  });

  it("applies a new choice on this tab's event and on another tab's storage event", () => {
    const page = boot(null, false);
    page.store("dark");
    page.fire(THEME_CHANGE_EVENT);
    expect(page.dark()).toBe(true);
    page.store("light");
    page.fire("storage", { key: "unrelated" });
    expect(page.dark()).toBe(true);
    page.fire("storage", { key: THEME_STORAGE_KEY });
    expect(page.dark()).toBe(false);
  });

  it("follows the OS while the choice is System", () => {
    const page = boot(null, false);
    page.media.matches = true;
    page.fire("media");
    expect(page.dark()).toBe(true);
  });
});
