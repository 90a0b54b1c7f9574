import { useSyncExternalStore } from "react";

/*
 * Light or dark: the `.dark` class on <html> (styles.css's `dark:` variant and dark colour
 * tokens). The reader's choice is remembered per browser; "system" follows the operating system's
 * setting, live. theme-init.js applies the same rule before the first paint (it runs before any
 * module, as a classic script in <head>); this module keeps it up to date afterwards.
 */

export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];

/** theme-init.js reads the same key. */
export const THEME_STORAGE_KEY = "portico-theme";
const darkQuery = "(prefers-color-scheme: dark)";

export const isThemeChoice = (value: unknown): value is ThemeChoice => themeChoices.includes(value as ThemeChoice);

/** Whether the page is dark for a choice, given the system's setting. */
export const resolvesDark = (choice: ThemeChoice, systemDark: boolean) => choice === "dark" || (choice === "system" && systemDark);

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    // Storage refused (a privacy setting): the system's setting, as for a first visit.
    return "system";
  }
}

let choice: ThemeChoice = "system";
let dark = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function apply() {
  const next = resolvesDark(choice, matchMedia(darkQuery).matches);
  document.documentElement.classList.toggle("dark", next);
  if (next !== dark) {
    dark = next;
    notify();
  }
}

function update(next: ThemeChoice) {
  choice = next;
  apply();
  notify();
}

/** Called once, before the first render: reads the choice and follows the system and other tabs. */
export function followTheme() {
  choice = readChoice();
  apply();
  matchMedia(darkQuery).addEventListener("change", apply);
  // Another tab of this browser changed it.
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update(readChoice());
  });
}

export function setThemeChoice(next: ThemeChoice) {
  try {
    if (next === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered, still applied to this page.
  }
  update(next);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choice, () => choice);
}

/** Whether the page is dark now, for what styles.css cannot reach (the toasts' own theme). */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, () => dark, () => dark);
}
