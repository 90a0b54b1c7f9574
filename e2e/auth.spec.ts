import { E2E_ADMIN } from "./support/constants";
import type { Page } from "@playwright/test";
import { expect, signUpThroughApi, test, uniqueEmail } from "./support/fixtures";

/**
 * The server's refusal of the form whose submit button is `submit`: under the form, as an alert
 * the form is described by, and in a toast (the spec's).
 */
async function expectRefusal(page: Page, submit: string, message: string | RegExp) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: submit }) });
  const underForm = form.getByRole("alert").filter({ hasText: message });
  await expect(underForm).toBeVisible();
  await expect(form).toHaveAttribute("aria-describedby", (await underForm.getAttribute("id"))!);
  await expect(page.locator("[data-sonner-toast]").getByText(message)).toBeVisible();
}

test.describe("sign-in and sign-up page", () => {
  test("shows the brand, tagline, welcome text and both tabs, and validates sign-up input before sending it", async ({ anonPage: page }) => {
    await page.goto("/auth");
    await expect(page.getByText("Portico", { exact: true })).toBeVisible();
    await expect(page.getByText("Project tracking made simple")).toBeVisible();
    await expect(page.getByText("Welcome", { exact: true })).toBeVisible();
    await expect(page.getByText("Sign in to your account or create a new one")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(page).toHaveTitle("Portico");

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signs up a new customer and lands on the dashboard", async ({ anonPage: page }) => {
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Nora Newcomer");
    await page.getByLabel("Email").fill(uniqueEmail("nora"));
    await page.getByLabel("Password").fill("quiet-harbour-9");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Account created! Welcome to Portico.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Nora Newcomer")).toBeVisible();
  });

  test("shows the server message when the email is taken, and signs that customer in to the dashboard with a welcome toast", async ({ anonPage: page }) => {
    const taken = await signUpThroughApi(page.context().request, "First Owner");
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Second Owner");
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password").fill("another-pass");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectRefusal(page, "Create Account", /already exists/i);
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole("tab", { name: "Login" }).click();
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password").fill(taken.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("shows the server message for a wrong password under the form and in a toast, then signs an admin in to the admin dashboard", async ({ anonPage: page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectRefusal(page, "Sign In", "Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Admin Dashboard")).toBeVisible();
  });
});
