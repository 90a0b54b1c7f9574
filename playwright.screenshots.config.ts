import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The screenshot runs, on the same production build and server as the end-to-end suite:
 * `npm run screenshots` (e2e/screenshots/app.shots.ts) photographs every screen at desktop and
 * phone width in both themes into screenshots/ (not committed); `npm run screenshots:de`
 * (german.shots.ts) every screen in German into docs/screenshots/de/ (ADR 032). The viewport
 * here is the German shots'; app.shots.ts sets its own.
 */
export default defineConfig({
  ...base,
  testMatch: /\.shots\.ts$/,
  reporter: [["list"]],
  timeout: 300_000,
  projects: base.projects!.map((project) => ({ ...project, use: { ...project.use, viewport: { width: 1280, height: 860 } } })),
});
