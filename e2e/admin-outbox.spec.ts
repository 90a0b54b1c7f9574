import type { Browser } from "@playwright/test";
import { openMoreSection } from "./support/admin-data";
import { REFUSED_PREFIX } from "./support/constants";
import { expect, newClientContext, signUpThroughApi, test, uniqueEmail } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";

/** Asks for a reset link for `email` the way a visitor does, in a browser context of its own. */
async function askForReset(browser: Browser, email: string) {
  const visitor = await (await newClientContext(browser)).newPage();
  await visitor.goto("/auth?forgot");
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Send reset link" }).click();
  await expect(visitor.getByRole("status")).toBeVisible();
  await visitor.context().close();
}

test.describe("the admin outbox", () => {
  test("shows a mail the SMTP server refused as failed, with the server's answer and its text, the reset link removed", async ({ browser, adminPage: page }) => {
    // An account whose mailbox the e2e SMTP server refuses for good.
    const email = uniqueEmail(`${REFUSED_PREFIX}fay`);
    const signUp = await newClientContext(browser);
    const created = await signUp.request.post("/api/auth/sign-up/email", { data: { name: "Fay Failed", email, password: "fay-password-1" } });
    expect(created.status(), await created.text()).toBe(200);
    await signUp.close();
    await askForReset(browser, email);

    await page.goto("/admin");
    await openMoreSection(page, "Outbox");
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    // Exact: until the outbox's code has loaded, the page it was opened from is still on screen.
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByRole("searchbox", { name: "Search mails" }).fill(email);
    const item = page.getByRole("listitem").filter({ hasText: `To ${email}` });
    await expect(item.getByText("Failed", { exact: true })).toBeVisible();
    await expect(item.getByText(/550 5\.1\.1 Mailbox unavailable/)).toBeVisible();
    await item.getByText("Read the mail").click();
    await expect(item.getByText(/Choose a new password \[link removed\]/)).toBeVisible();
    await expect(item.getByRole("link", { name: /reset-password/ })).toHaveCount(0);
    await expect(item).not.toContainText("token=");
  });

  test("shows a delivered mail as sent, its text with the reset link removed", async ({ browser, adminPage: page }) => {
    const context = await newClientContext(browser);
    const customer = await signUpThroughApi(context.request, "Sid Sent");
    await context.close();
    await askForReset(browser, customer.email);
    await waitForMail(customer.email);

    await page.goto(`/admin/outbox?q=${encodeURIComponent(customer.email)}`);
    const item = page.getByRole("listitem").filter({ hasText: `To ${customer.email}` });
    await expect(item.getByText("Reset your Portico password")).toBeVisible();
    await expect(item.getByText("Sent", { exact: true })).toBeVisible();
    await item.getByText("Read the mail").click();
    await expect(item.getByText(/Choose a new password \[link removed\]/)).toBeVisible();
    await expect(item).not.toContainText("token=");
  });

  test("is not for customers", async ({ customerPage: page }) => {
    await page.goto("/admin/outbox");
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await page.context().request.get("/api/outbox")).status()).toBe(403);
  });
});
