import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const html = (page: Page) => page.locator("html");
const isDark = (page: Page) => expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
const isLight = (page: Page) => expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

async function choose(page: Page, theme: "System" | "Light" | "Dark") {
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("radio", { name: theme }).check();
  await page.keyboard.press("Escape");
}

test.describe("theme", () => {
  test("follows the system's setting live until the reader chooses, and remembers the choice after a reload", async ({ customerPage: page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Theme" })).toBeVisible();
    await isLight(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await isDark(page);

    // Light on a dark system, through a reload.
    await choose(page, "Light");
    await isLight(page);
    expect(await page.evaluate(() => localStorage.getItem("portico-theme"))).toBe("light");
    await page.reload();
    await expect(page.getByRole("button", { name: "Theme" })).toBeVisible();
    await isLight(page);

    // Dark on a light system, through a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await choose(page, "Dark");
    await isDark(page);
    await page.reload();
    await expect(page.getByRole("button", { name: "Theme" })).toBeVisible();
    await isDark(page);
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    await page.keyboard.press("Escape");

    // Back to the system's: nothing stored, the setting followed again.
    await choose(page, "System");
    expect(await page.evaluate(() => localStorage.getItem("portico-theme"))).toBeNull();
    await isLight(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await isDark(page);
  });

  test("is dark before the app's code runs, so a dark page is never painted light first", async ({ anonPage: page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/auth");
    await page.evaluate(() => localStorage.setItem("portico-theme", "dark"));
    // The app's entry never arrives: only index.html's own head can have set the theme.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: "load" });
    await isDark(page);
    const { background, colorScheme } = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { background: style.backgroundColor, colorScheme: style.colorScheme };
    });
    expect(background).toBe("rgb(15, 23, 42)");
    expect(colorScheme).toBe("dark");
  });

  test("offers the same choices in the phone menu", async ({ customerPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.getByRole("radio", { name: "Dark" }).check();
    await isDark(page);
    await expect(menu.getByRole("radio", { name: "Dark" })).toBeChecked();
  });
});
