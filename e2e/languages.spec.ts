import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { initialsOf } from "@/web/lib/initials";
import { screenWorld, type Screen } from "./support/screens";

/**
 * Languages (ADR 032). In the pseudo-locale every catalogue message is English made strange
 * (accented, longer), and dates and numbers are written in Japanese, which uses no Latin letters.
 * So on a screen, Latin letters come from exactly two places: the records the API sent, and text
 * that never went through the catalogue. The test takes away the first and fails on the second.
 */
const PSEUDO_SWITCH = "portico.pseudo-locale";

/** Every string value of the API's JSON answers the page received: the records on screen. */
function recordWords(context: BrowserContext): { words: Set<string>; read: () => Promise<unknown> } {
  const words = new Set<string>(["Portico"]);
  const reading: Promise<unknown>[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") {
      // Enum values ("pending") stand for labels the catalogue must translate: not record text.
      if (!/^[a-z_.-]+$/.test(value)) words.add(value);
      // A session's browser and system are named from its user agent ("Chrome 159 · Windows").
      if (value.startsWith("Mozilla/")) for (const word of value.split(/[^A-Za-z]+/)) if (word.length > 1) words.add(word);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  context.on("response", (response: Response) => {
    if (!response.url().includes("/api/") || !response.headers()["content-type"]?.includes("json")) return;
    reading.push(response.json().then(collect, () => undefined));
  });
  // Every answer the page has received so far, read: only then are its words all known.
  return { words, read: () => Promise.all(reading) };
}

/** The screen's visible text and labels that still hold Latin letters once the records' words are taken out. */
async function untranslated(page: Page, records: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // sr-only text is 1×1 px but read aloud: it counts.
      return style.visibility !== "hidden" && style.display !== "none" && (box.width > 0 || box.height > 0);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName) || !visible(parent)) continue;
      if (node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt], option")) {
      if (!visible(element) && element.tagName !== "OPTION") continue;
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = element.getAttribute(name);
        if (value?.trim()) found.push(value.trim());
      }
    }
    return found;
  });
  const longestFirst = [...records].filter((word) => word.length > 1).sort((a, b) => b.length - a.length);
  // An avatar's letters ("AL") are a record's name, shortened.
  const initials = new Set([...records].map(initialsOf));
  return texts.filter((text) => {
    if (initials.has(text)) return false;
    // A piece of a record, where markup splits it (a mail's text around its link), is the record's.
    if (longestFirst.some((word) => word.includes(text))) return false;
    // An address, or its scheme as a field's hint, is no word of any language.
    // A file's name is its uploader's; a lowercase one ("logo.png") looks like an enum value, which the records' words leave out.
    let rest = text.replace(/https?:\/\/\S*/g, " ").replace(/[\w.-]+\.(png|jpe?g|gif|webp|svg|pdf|txt|csv|docx?|xlsx?|zip)\b/gi, " ");
    for (const word of longestFirst) if (rest.includes(word)) rest = rest.split(word).join(" ");
    return /[A-Za-z]{2,}/.test(rest);
  });
}

async function walk(page: Page, screens: Screen[], records: ReturnType<typeof recordWords>) {
  const findings: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await records.read();
    for (const text of await untranslated(page, records.words)) findings.push(`${screen.name} (${screen.path}): ${JSON.stringify(text)}`);
  }
  return findings;
}

test.describe("languages", () => {
  test("the pseudo-locale finds no text outside the catalogue on any screen, customer, admin or signed out", async ({ browser }) => {
    test.setTimeout(180_000);
    const world = await screenWorld(browser, { prepare: async (context) => {
        await context.addInitScript((key) => localStorage.setItem(key, "on"), PSEUDO_SWITCH);
      },
    });
    try {
      const findings: string[] = [];
      for (const [side, screens] of [
        [world.customer, world.customerScreens],
        [world.admin, world.adminScreens],
        [world.anonymous, world.publicScreens],
      ] as const) {
        const records = recordWords(side.context);
        const page = side.page;
        findings.push(...(await walk(page, screens, records)));
      }
      // The walk saw pseudo text at all: the switch took effect (no Latin letter in a translated word).
      await world.customer.page.goto("/dashboard/projects");
      await expect(world.customer.page.getByRole("heading", { level: 1 })).not.toHaveText("Projects");
      expect(findings).toEqual([]);
    } finally {
      await world.close();
    }
  });

  test("a user who picks Deutsch sees German and keeps it, the browser's language decides before that, and English users keep the spec's words", async ({ browser, customerPage: english }) => {
    const world = await screenWorld(browser, { locale: "de-DE" });
    try {
      const { page } = world.customer;
      // No pick yet: the browser asks for German.
      await page.goto("/dashboard/projects");
      await expect(page.getByRole("heading", { name: "Projekte", level: 1 })).toBeVisible();

      // Picked on the account page: English on a German browser, then German again.
      await page.goto("/dashboard/account");
      const picker = page.getByLabel("Sprache");
      await picker.selectOption("en");
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      await page.getByLabel("Language").selectOption("de");
      await expect(page.getByRole("heading", { name: "Konto", level: 1 })).toBeVisible();

      // Dates and money follow the language.
      await page.goto("/dashboard/invoices");
      await expect(page.getByRole("cell", { name: "1.234,50 $" })).toBeVisible();

      // An English browser that picked nothing: the spec's words, as ever.
      await english.goto("/dashboard/projects");
      await expect(english.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    } finally {
      await world.close();
    }
  });
});
