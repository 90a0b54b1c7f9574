import { userMessages } from "../src/shared/rules/user";
import { customerWithCompany, tag } from "./support/customer-data";
import { expect, test } from "./support/fixtures";
import { eventStreamOpened } from "./support/messages-data";

test.describe("admin users page", () => {
  test("an admin finds a customer and deactivates them: the customer's open page loses access and sign-in is refused", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Deactivated Co ${t}`, `Dana ${t}`);
    const opened = eventStreamOpened(customer.page);
    await customer.page.goto("/dashboard/projects");
    await expect(customer.page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await opened;

    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: "Search users" }).fill(`dana ${t}`);
    const row = page.getByRole("row").filter({ hasText: customer.credentials.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Deactivated Co ${t}`);
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Manage Dana ${t}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(dialog).toContainText("logged out everywhere at once");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Deactivated");

    // The stream ends with the session; the page's next check sends it to sign-in.
    await expect(customer.page).toHaveURL(/\/auth$/);
    // Signing in again is refused with a sentence that says why.
    await customer.page.getByLabel("Email").fill(customer.credentials.email);
    await customer.page.getByLabel("Password").fill(customer.credentials.password);
    await customer.page.getByRole("button", { name: "Sign In" }).click();
    await expect(customer.page.locator("[data-sonner-toast]").getByText(userMessages.deactivated)).toBeVisible();
    await expect(customer.page).toHaveURL(/\/auth$/);
    await customer.context.close();
  });
});
