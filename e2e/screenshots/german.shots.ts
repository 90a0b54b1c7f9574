import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "../support/fixtures";
import { screenWorld } from "../support/screens";

const folder = join(process.cwd(), "docs/screenshots/de");

test("every screen in German, photographed into docs/screenshots/de", async ({ browser }) => {
  mkdirSync(folder, { recursive: true });
  const world = await screenWorld(browser, { locale: "de-DE" });
  try {
    for (const [side, screens] of [
      [world.customer, world.customerScreens],
      [world.admin, world.adminScreens],
      [world.anonymous, world.publicScreens],
    ] as const) {
      for (const screen of screens) {
        await side.page.goto(screen.path);
        await screen.ready(side.page);
        await side.page.screenshot({ path: join(folder, `${screen.name}.png`), fullPage: true });
      }
    }
  } finally {
    await world.close();
  }
});

test("the admin's command palette, open over the overview with a search typed", async ({ browser }) => {
  mkdirSync(folder, { recursive: true });
  const world = await screenWorld(browser, { locale: "de-DE" });
  try {
    const { page } = world.admin;
    await page.goto("/admin/overview");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog");
    await palette.getByRole("combobox").fill("anm");
    await palette.getByRole("option", { name: /^#\d+ Anmeldung hakt/ }).first().waitFor();
    await page.screenshot({ path: join(folder, "admin-command-palette.png") });
  } finally {
    await world.close();
  }
});
