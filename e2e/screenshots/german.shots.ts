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
