import { RESET_REQUESTED } from "@/shared/rules/auth";
import { expect, newClientContext, signUpThroughApi, test, uniqueEmail } from "./support/fixtures";
import { linkIn, mailTo, waitForMail } from "./support/mailbox";

test.describe("forgot password", () => {
  test("mails a link that sets a new password: the old password and the old sessions stop working", async ({ browser, anonPage: page }) => {
    // The account, signed in on another device that should be signed out by the reset.
    const otherDevice = await newClientContext(browser);
    const credentials = await signUpThroughApi(otherDevice.request, "Rita Reset");
    const otherPage = await otherDevice.newPage();
    await otherPage.goto("/dashboard");
    await expect(otherPage.getByText("Rita Reset")).toBeVisible();

    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    // The sign-in form has an Email field too: fill the reset form's once it is the one on screen.
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill(credentials.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText(RESET_REQUESTED);

    const mail = await waitForMail(credentials.email);
    expect(mail.subject).toBe("Reset your Portico password");
    const link = linkIn(mail, "/reset-password");
    await page.goto(link);
    await page.getByLabel("New password").fill("rita-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed. Sign in with the new one.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel("Email").fill(credentials.email);
    await page.getByLabel("Password").fill(credentials.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel("Password").fill("rita-new-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Rita Reset")).toBeVisible();

    // The other device's session ended with the reset.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth$/);
    expect((await otherDevice.request.get("/api/me")).status()).toBe(401);
    await otherDevice.close();

    // The link worked once (opened by someone signed out, who is then offered a new one).
    const later = await (await newClientContext(browser)).newPage();
    await later.goto(link);
    await later.getByLabel("New password").fill("a-third-password");
    await later.getByRole("button", { name: "Set new password" }).click();
    await expect(later.getByRole("alert")).toContainText("This reset link is invalid, already used or expired.");
    await later.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(later.getByRole("button", { name: "Send reset link" })).toBeVisible();
    await later.context().close();
  });

  test("answers an address without an account exactly as one with an account, and mails nothing", async ({ browser, anonPage: page }) => {
    const nobody = uniqueEmail("nobody");
    await page.goto("/auth?forgot");
    await page.getByLabel("Email").fill(nobody);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toHaveText(`${RESET_REQUESTED} The link works for one hour.`);
    // A mail to an address that has an account, asked for after this one, has arrived: had this one
    // been sent, it would be there too.
    const elsewhere = await newClientContext(browser);
    const marker = await signUpThroughApi(elsewhere.request, "Mark Marker");
    await elsewhere.close();
    await page.goto("/auth?forgot");
    await page.getByLabel("Email").fill(marker.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toHaveText(`${RESET_REQUESTED} The link works for one hour.`);
    await waitForMail(marker.email);
    expect(mailTo(nobody)).toEqual([]);
  });

  test("checks the address before sending it, Back returns to sign-in, and a link without a usable token cannot work", async ({ anonPage: page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

    await page.goto("/reset-password");
    await expect(page.getByRole("alert")).toContainText("This reset link is invalid, already used or expired.");
    await expect(page.getByLabel("New password")).toHaveCount(0);
  });
});
