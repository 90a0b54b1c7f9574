import { existsSync } from "node:fs";

const candidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else a system Chromium or
 * Chrome, else Playwright's own download. Throws with instructions when there is none: browser
 * tests are never skipped silently.
 */
export async function findBrowser(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
  }
  const system = candidates.find((path) => existsSync(path));
  if (system) return system;
  const { chromium } = await import("@playwright/test");
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`; " +
      "macOS: install Google Chrome; with internet: `npx playwright install chromium`) or set CHROMIUM_PATH.",
  );
}
