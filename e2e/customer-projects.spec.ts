import { createProject, formatInstantDateInPage, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

test.describe("customer projects", () => {
  test("shows the empty state, then a card grid of the team's projects, each linking to its detail", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Grid Co ${tag()}`, "Grace Grid");
    const { page } = customer;
    await page.goto("/dashboard/projects");
    await expect(page.getByText("No Projects Yet")).toBeVisible();
    await expect(page.getByText("Projects created by the Portico team will appear here")).toBeVisible();
    const described = await createProject(admin, customer.company.id, {
      name: `Website Redesign ${tag()}`,
      description: "A fresh look for the public site",
    });
    const bare = await createProject(admin, customer.company.id, { name: `Data Migration ${tag()}`, status: "on_hold" });
    const done = await createProject(admin, customer.company.id, { name: `Brand Book ${tag()}`, status: "completed" });

    await page.reload();
    await expect(page.getByText("No Projects Yet")).toBeHidden();
    const grid = page.getByRole("list", { name: "Projects" });
    await expect(grid.getByRole("listitem")).toHaveCount(3);

    const describedCard = grid.getByRole("link").filter({ hasText: described.name });
    await expect(describedCard).toContainText("A fresh look for the public site");
    await expect(describedCard).toContainText("Active");
    await expect(describedCard).toContainText(`Started ${await formatInstantDateInPage(page, described.createdAt)}`);
    await expect(describedCard).toHaveAttribute("href", `/dashboard/projects/${described.slug}`);
    // The status badge carries an icon.
    await expect(describedCard.getByText("Active").locator("svg")).toHaveCount(1);

    const bareCard = grid.getByRole("link").filter({ hasText: bare.name });
    await expect(bareCard).toContainText("No description provided");
    await expect(bareCard).toContainText("On hold");
    await expect(bareCard).toContainText(`Started ${await formatInstantDateInPage(page, bare.createdAt)}`);

    await expect(grid.getByRole("link").filter({ hasText: done.name })).toContainText("Completed");

    // Newest first.
    await expect(grid.getByRole("listitem").first()).toContainText(done.name);

    // A search by name, kept in the URL.
    await page.getByRole("searchbox", { name: "Search projects" }).fill("brand book");
    await expect(page).toHaveURL(/[?&]q=brand(\+|%20)book/);
    await expect(grid.getByRole("listitem")).toHaveCount(1);
    await expect(grid.getByRole("listitem")).toContainText(done.name);
    await page.reload();
    await expect(grid.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search projects" }).fill("no such project");
    await expect(page.getByText("No matching projects")).toBeVisible();
    await page.goto("/dashboard/projects");

    await describedCard.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${described.slug}$`));
    await expect(page.getByRole("heading", { name: described.name })).toBeVisible();
  });
});
