import { openMoreSection } from "./support/admin-data";
import { E2E_ADMIN } from "./support/constants";
import { expect, newClientContext, signInThroughApi, signUpThroughApi, test } from "./support/fixtures";

test.describe("the admin's audit log", () => {
  test("lists the run's sign-ins and filters by a customer's email, a filter that survives a reload", async ({ browser, adminPage: page }) => {
    const signUp = await newClientContext(browser);
    const customer = await signUpThroughApi(signUp.request, "Audra Audited");
    await signUp.close();
    // Another device: a wrong password first, then the right one.
    const device = await newClientContext(browser);
    const wrong = await device.request.post("/api/auth/sign-in/email", { data: { email: customer.email, password: "not-her-password-1" } });
    expect(wrong.status()).toBe(401);
    await signInThroughApi(device.request, customer);
    await device.close();

    await page.goto("/admin");
    await openMoreSection(page, "Audit log");
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const rows = page.getByTestId("audit-row");
    await expect(rows.filter({ hasText: "Signed in" }).filter({ hasText: E2E_ADMIN.email }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "Signed in" }).filter({ hasText: customer.email })).toHaveCount(1);

    await page.getByRole("searchbox", { name: "Actor email" }).fill(customer.email.toUpperCase());
    await expect(page).toHaveURL(/[?&]actor=/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Signed in");
    await expect(rows.nth(1)).toContainText("Sign-in failed");
    await expect(rows.filter({ hasText: E2E_ADMIN.email })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Actor email" })).toHaveValue(customer.email.toUpperCase());
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(customer.email);

    await page.getByLabel("Event").selectOption("auth.sign_in_failed");
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /\/api\/audit\/export\?actor=.+&kind=auth\.sign_in_failed$/);
  });
});
