import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { screenWorld, type Screen } from "./support/screens";

/** The narrowest phone the app is laid out for. */
const PHONE = { width: 360, height: 740 };
/** The least width and height of a tap target (WCAG 2.5.5, and issue 22). */
const TAP = 44;

/**
 * The tap targets on the page smaller than TAP×TAP px, described. Exempt, as in WCAG 2.5.5: a link
 * inside a sentence, and what is not on screen (sr-only text such as the skip link until focused,
 * disabled controls). A checkbox's or radio's target is its label, which takes the press too.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=menuitem], [role=checkbox], [role=radio], [role=switch]";
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.matches(":disabled") || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      let box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // sr-only: clipped to nothing (its padding may still give it a box), as the skip link until focused.
      const clipped = style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
      if (clipped || box.width <= 1 || box.height <= 1) continue;
      const parentText = element.parentElement?.textContent?.trim() ?? "";
      const inSentence = element.tagName === "A" && style.display === "inline" && parentText.length > (element.textContent?.trim().length ?? 0);
      if (inSentence) continue;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        const label = element.closest("label") ?? element.labels?.[0];
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? element.getAttribute("placeholder") ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        found.push(`<${element.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)} px`);
      }
    }
    return found;
  }, TAP);
}

/**
 * The tables that are not stacked cards with every value in view: a table that scrolls sideways
 * inside its box (columns cut off), or a body cell shown without its column's label.
 */
function tablesNotAsCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    document.querySelectorAll("table").forEach((table, index) => {
      const name = table.getAttribute("aria-label") ?? `table ${index + 1}`;
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth) {
        // The innermost element that reaches past the box's right edge: what needs to wrap.
        const edge = box.getBoundingClientRect().right;
        const past = [...table.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > edge + 0.5).at(-1);
        const what = past ? `<${past.tagName.toLowerCase()} class="${past.getAttribute("class") ?? ""}"> "${past.textContent?.trim().slice(0, 40)}"` : "nothing found";
        found.push(`${name}: scrolls sideways, ${box.scrollWidth - box.clientWidth} px cut off by ${what}`);
      }
      for (const cell of table.querySelectorAll<HTMLTableCellElement>("tbody td")) {
        const label = cell.dataset.label;
        if (label === "") continue; // a column of actions, named by the actions themselves
        const shown = getComputedStyle(cell, "::before").content;
        if (!label || shown !== JSON.stringify(label)) found.push(`${name}: a cell shows ${shown} as its label, not ${JSON.stringify(label)}`);
      }
    });
    return found;
  });
}

/** How much wider than the window the page lays out, if it does. */
async function overflow(page: Page): Promise<number> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  return width - PHONE.width;
}

test.describe("every screen on a 360 px phone", () => {
  test("lays out no wider than the window, shows tables as cards with every value labelled, and every tap target is at least 44×44 px, with data in every list and table", async ({ browser }) => {
    test.setTimeout(240_000); // paces: nothing, the time limit of a walk through every screen
    const world = await screenWorld(browser);
    const overflowing: string[] = [];
    const small: string[] = [];
    const notCards: string[] = [];
    const check = async (page: Page, where: string) => {
      const wider = await overflow(page);
      if (wider > 0) overflowing.push(`${where}: ${wider} px wider than the window`);
      for (const table of await tablesNotAsCards(page)) notCards.push(`${where}: ${table}`);
      for (const target of await smallTargets(page)) small.push(`${where}: ${target}`);
    };
    try {
      for (const [side, screens, signedIn] of [
        [world.customer, world.customerScreens, true],
        [world.admin, world.adminScreens, true],
        [world.anonymous, world.publicScreens, false],
      ] as const) {
        await side.page.setViewportSize(PHONE);
        for (const screen of screens as Screen[]) {
          await side.page.goto(screen.path);
          await screen.ready(side.page);
          await check(side.page, screen.path);
        }
        if (signedIn) {
          // The phone menu: its rows and Logout are tap targets too.
          await side.page.locator("button[aria-controls='mobile-menu']").click();
          await expect(side.page.locator("#mobile-menu")).toBeVisible();
          await check(side.page, `${new URL(side.page.url()).pathname} [phone menu open]`);
        }
      }
    } finally {
      await world.close();
    }
    expect.soft(overflowing, overflowing.join("\n")).toEqual([]);
    expect.soft(notCards, notCards.join("\n")).toEqual([]);
    expect(small, small.join("\n")).toEqual([]);
  });
});
