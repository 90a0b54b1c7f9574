import { listUrl, servePage } from "./support/admin-data";
import { expect, test } from "./support/fixtures";

/*
 * The admin lists with no row at all. The shared server always has other specs' records, so only
 * the empty answers are stubbed (support/admin-data.ts); each screen is reached through the nav.
 */

test.describe("admin lists without a row", () => {
  test("say 'No Customers Yet', 'No Projects Yet', 'No Tickets Yet', 'No Invoices Yet' and 'No conversations yet. Start one above!'", async ({
    adminPage: page,
  }) => {
    for (const resource of ["companies", "projects", "tickets", "invoices"] as const) await servePage(page, listUrl(resource), { items: [] });
    await page.route(/\/api\/messages\/conversations(\?.*)?$/, (route) => route.fulfill({ json: { items: [], total: 0, totalExact: true, page: 1, pageSize: 10 } }));
    const nav = page.getByRole("navigation", { name: "Main" });

    await page.goto("/admin");
    await expect(page.getByText("No Customers Yet")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);

    await nav.getByRole("link", { name: "Projects" }).click();
    await expect(page.getByText("No Projects Yet")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);

    await nav.getByRole("link", { name: "Tickets" }).click();
    await expect(page.getByText("No Tickets Yet")).toBeVisible();

    await nav.getByRole("link", { name: "Invoices" }).click();
    await expect(page.getByText("No Invoices Yet")).toBeVisible();

    await nav.getByRole("link", { name: "Messages" }).click();
    await expect(page.getByText("No conversations yet. Start one above!", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  });
});
