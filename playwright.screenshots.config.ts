import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * `npm run screenshots:de`: every screen in German, photographed into docs/screenshots/de/
 * (ADR 032), on the same production build and server as the end-to-end suite.
 */
export default defineConfig({
  ...base,
  testMatch: /\.shots\.ts$/,
  reporter: [["list"]],
  timeout: 300_000,
  projects: base.projects!.map((project) => ({ ...project, use: { ...project.use, viewport: { width: 1280, height: 860 } } })),
});
