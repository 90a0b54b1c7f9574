import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { compress } from "hono/compress";
import { html } from "hono/html";

/**
 * Serves the built SPA: hashed assets cached for a year (their names change with their content),
 * index.html never cached so a deploy is picked up at once, and every other non-API path
 * answered with index.html so the client router can show the page (or its 404 screen).
 */
export function mountWebApp(app: Hono, distDir: string, brandName: () => string): boolean {
  const indexFile = join(distDir, "index.html");
  if (!existsSync(indexFile)) return false;
  const template = readFileSync(indexFile, "utf8");
  // The brand in use (modules/settings/brand.ts), escaped as HTML text. The page is written again
  // only when the brand changed, so a request costs a string comparison.
  let page = { brand: "", html: "" };
  const indexHtml = () => {
    const brand = brandName();
    if (page.brand !== brand || !page.html) page = { brand, html: template.replaceAll("__BRAND_NAME__", String(html`${brand}`)) };
    return page.html;
  };

  app.use("/assets/*", compress(), async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root: distDir }));
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.get("*", compress(), (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml());
  });
  return true;
}
