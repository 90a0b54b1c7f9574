import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { followTheme, resolvesDark, setThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from "./theme";

const initScript = readFileSync(new URL("../theme-init.js", import.meta.url), "utf8");

/** A browser with a stored choice (or none) and a system setting, as far as the theme code sees it. */
function fakeBrowser(stored: string | null, systemDark: boolean) {
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const classes = new Set<string>();
  const media = Object.assign(new EventTarget(), { matches: systemDark });
  const browser = {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    matchMedia: (query: string) => {
      expect(query).toBe("(prefers-color-scheme: dark)");
      return media;
    },
    document: { documentElement: { classList: { add: (name: string) => classes.add(name), toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) } } },
    window: new EventTarget(),
  };
  for (const [name, value] of Object.entries(browser)) vi.stubGlobal(name, value);
  return {
    storage,
    isDark: () => classes.has("dark"),
    setSystemDark: (dark: boolean) => {
      media.matches = dark;
      media.dispatchEvent(new Event("change"));
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("theme", () => {
  const stored = [null, "system", "light", "dark", "sepia"];

  it("is dark for 'dark', and for 'system' when the system is", () => {
    expect(resolvesDark("dark", false)).toBe(true);
    expect(resolvesDark("light", true)).toBe(false);
    expect(resolvesDark("system", true)).toBe(true);
    expect(resolvesDark("system", false)).toBe(false);
  });

  it("decides the same before the first paint (theme-init.js) as the app does afterwards, for every stored choice and system setting", () => {
    for (const value of stored) {
      for (const systemDark of [false, true]) {
        const expected = value === "dark" || ((value !== "light") && systemDark);
        const early = fakeBrowser(value, systemDark);
        new Function(initScript)();
        expect(early.isDark(), `theme-init.js, stored ${value}, system dark ${systemDark}`).toBe(expected);
        const app = fakeBrowser(value, systemDark);
        followTheme();
        expect(app.isDark(), `lib/theme.ts, stored ${value}, system dark ${systemDark}`).toBe(expected);
      }
    }
  });

  it("follows a change of the system's setting live for 'system', and not for a fixed choice", () => {
    const browser = fakeBrowser(null, false);
    followTheme();
    browser.setSystemDark(true);
    expect(browser.isDark()).toBe(true);
    setThemeChoice("light");
    expect(browser.isDark()).toBe(false);
    browser.setSystemDark(false);
    browser.setSystemDark(true);
    expect(browser.isDark()).toBe(false);
  });

  it("remembers a fixed choice in the browser and forgets it for 'system'", () => {
    const browser = fakeBrowser(null, false);
    followTheme();
    for (const choice of ["dark", "light"] satisfies ThemeChoice[]) {
      setThemeChoice(choice);
      expect(browser.storage.get(THEME_STORAGE_KEY)).toBe(choice);
    }
    setThemeChoice("system");
    expect(browser.storage.has(THEME_STORAGE_KEY)).toBe(false);
  });
});
