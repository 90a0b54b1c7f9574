import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * Puts src/web/theme-init.js, a classic (blocking) script, first in index.html's <head>: dark mode
 * is applied before the first paint. Vite bundles only module scripts, which run after the page
 * has painted, and the Content-Security-Policy (server/http/security.ts) allows no inline script,
 * so the build writes the file as a hashed asset (cached for a year, like the others) and the dev
 * server serves it from the web root.
 */
export function themeScript(file: string): Plugin {
  const source = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
  const fileName = `assets/theme-init-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
  return {
    name: "portico-theme-script",
    transformIndexHtml: (_html, context) => [
      { tag: "script", attrs: { src: context.server ? "/theme-init.js" : `/${fileName}` }, injectTo: "head-prepend" },
    ],
    generateBundle() {
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
