import type { Page } from "@playwright/test";
import { createProject, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

/** Whether the focused element (or, for a visually hidden radio, its label) draws a focus style. */
const focusIsDrawn = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return { tag: "body", drawn: false };
    const drawn = (element: Element) => {
      const style = getComputedStyle(element);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    const label = focused.closest("label");
    return { tag: `${focused.tagName.toLowerCase()} ${focused.textContent?.trim().slice(0, 30) ?? ""}`, drawn: drawn(focused) || (!!label && drawn(label)) };
  });

test.describe("keyboard", () => {
  test("the first tab stop skips to the page's content, seen only while focused", async ({ newCustomer }) => {
    const { page } = await newCustomer(`Skip Co ${tag()}`);
    await page.goto("/dashboard/tickets");
    await expect(page.getByRole("button", { name: "New Ticket" })).toBeVisible();
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).not.toBeInViewport();

    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await expect(skip).not.toBeInViewport();
    // The next stop is in the page, past the header's links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  test("every tab stop of the header and the page shows where focus is, in both themes", async ({ newCustomer }) => {
    const { page } = await newCustomer(`Focus Co ${tag()}`);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/dashboard/tickets");
      await expect(page.getByRole("button", { name: "New Ticket" })).toBeVisible();
      const undrawn: string[] = [];
      let visited = 0;
      // Round the page once: until focus is back on the skip link, the first stop.
      for (let stop = 0; stop < 60; stop += 1) {
        await page.keyboard.press("Tab");
        const { tag: name, drawn } = await focusIsDrawn(page);
        if (stop > 0 && name.startsWith("a Skip to content")) break;
        // Past the last stop, focus leaves the page for a moment.
        if (name === "body") continue;
        visited += 1;
        if (!drawn) undrawn.push(name);
      }
      // The header's links and buttons and the page's own: the walk went round, not nowhere.
      expect(visited).toBeGreaterThan(8);
      expect(undrawn, `${colorScheme}: tab stops without a visible focus`).toEqual([]);
    }
  });

  test("Escape in a dialog closes it at once when nothing was typed, and asks before it discards typed text", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Escape Co ${tag()}`);
    const { page } = customer;
    await createProject(admin, customer.company.id, { name: `Site ${tag()}` });
    await page.goto("/dashboard/tickets");
    const newTicket = page.getByRole("button", { name: "New Ticket" });
    const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
    const question = dialog.getByRole("alert").filter({ hasText: "Discard changes?" });

    await newTicket.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await newTicket.click();
    await dialog.getByLabel("Title").fill("Half a thought");
    await page.keyboard.press("Escape");
    await expect(question).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(question).toHaveCount(0);
    await expect(dialog.getByLabel("Title")).toHaveValue("Half a thought");
    await expect(dialog.getByLabel("Title")).toBeFocused();

    // Escape twice in a row: the second answers "keep editing" (the browser may close a modal by
    // itself on a second Escape; the dialog comes back as it was).
    await page.keyboard.press("Escape");
    await expect(question).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(question).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Half a thought");

    // The close button asks too; Discard closes, and the next opening starts empty.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(question).toBeVisible();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toHaveCount(0);
    await newTicket.click();
    await expect(dialog.getByLabel("Title")).toHaveValue("");
  });
});
