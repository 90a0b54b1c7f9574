import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./support/constants";
import { expect, signInThroughApi, test } from "./support/fixtures";
import { eventStreamOpened } from "./support/messages-data";
import { ownServer, type OwnServer } from "./support/own-server";

/*
 * The header's connection state and the banner for a server that cannot be reached, on the real
 * server: one of this spec's own (support/own-server.ts), since the shared one cannot be stopped.
 */

const banner = (page: Page) => page.getByTestId("connection-banner");
const connectionWord = (page: Page, word: string) => page.getByRole("banner").getByText(word, { exact: true });

test.describe("connection banner, with a server that stops and starts again", () => {
  let dataDir: string;
  let server: OwnServer;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "portico-e2e-connection-"));
    server = await ownServer(dataDir);
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("says within 5 s that the server cannot be reached, and clears itself once it is back", async ({ browser }) => {
    // Stopping, starting and the stream's backoff (up to 12 s at the third attempt) take their time.
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context.request, E2E_ADMIN);
    const page = await context.newPage();
    const stream = eventStreamOpened(page);
    await page.goto("/admin");
    await stream;
    await expect(connectionWord(page, "Online")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    const stoppedAt = Date.now();
    await server.stop();
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - stoppedAt, "ms from the stop to the banner").toBeLessThanOrEqual(5_000);
    await expect(banner(page)).toContainText("Cannot reach the server. Trying again…");
    await expect(page.getByRole("status").filter({ has: banner(page) })).toHaveAttribute("aria-live", "polite");
    await expect(connectionWord(page, "Offline")).toBeVisible();

    await server.start();
    const reconnected = eventStreamOpened(page);
    // Waits out the stream's own backoff: the banner goes without anyone pressing "Try now".
    await expect(banner(page)).toHaveCount(0, { timeout: 45_000 });
    await reconnected;
    await expect(connectionWord(page, "Online")).toBeVisible();
    await context.close();
  });

  test("tries again at once from the banner's button", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context.request, E2E_ADMIN);
    const page = await context.newPage();
    const stream = eventStreamOpened(page);
    await page.goto("/admin");
    await stream;

    await server.stop();
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    await server.start();
    // The next automatic attempt is seconds away (the backoff has grown); the button does not wait.
    const reconnected = eventStreamOpened(page);
    await banner(page).getByRole("button", { name: "Try now" }).click();
    await reconnected;
    await expect(banner(page)).toHaveCount(0);
    await expect(connectionWord(page, "Online")).toBeVisible();
    await context.close();
  });
});

test.describe("connection banner on the shared server", () => {
  test("never shows on a page load, a reload or a navigation", async ({ customerPage: page }) => {
    // Every appearance of the banner is reported, however short, from every document of the tab
    // (the one being left by a reload too).
    let bannerShown = false;
    await page.exposeFunction("reportConnectionBanner", () => void (bannerShown = true));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=connection-banner]")) void (window as unknown as { reportConnectionBanner: () => Promise<void> }).reportConnectionBanner();
      }).observe(document, { childList: true, subtree: true });
    });
    const bannerSeen = async () => {
      // A round trip through the page first: a report it sent before has arrived.
      await page.evaluate(() => 0);
      return bannerShown;
    };

    let stream = eventStreamOpened(page);
    await page.goto("/dashboard");
    await stream;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets$/);
    expect(await bannerSeen()).toBe(false);

    stream = eventStreamOpened(page);
    await page.reload();
    await stream;
    await expect(connectionWord(page, "Online")).toBeVisible();
    expect(await bannerSeen()).toBe(false);
  });
});
