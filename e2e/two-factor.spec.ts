import * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The authenticator app: the code for the key the page showed, at `at` (ms). */
const codeFor = (key: string, at = Date.now()) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 }).generate({ timestamp: at });

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
}

async function passwordStep(page: Page, credentials: { email: string; password: string }) {
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
}

test.describe("two-factor sign-in", () => {
  test("is turned on from the account page, then sign-in asks for a code from the app or a backup code, and it is turned off again", async ({ customerPage: page }) => {
    const { credentials } = page;
    await page.goto("/dashboard/account");
    await expect(page.getByText("Off: turn it on to ask for a code from an authenticator app after your password.")).toBeVisible();
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();

    // The password first.
    await page.getByLabel("Your password").fill(credentials.password);
    await page.getByRole("button", { name: "Continue" }).click();

    // The QR code (drawn by the server) and the key to type by hand, which the "app" here reads.
    await expect(page.getByRole("img", { name: "QR code to add this account to an authenticator app" })).toBeVisible();
    const key = ((await page.getByLabel("Setup key").textContent()) ?? "").replaceAll(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(key));
    await page.getByRole("button", { name: "Turn on" }).click();

    // The backup codes, shown once.
    await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
    const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    await page.getByRole("button", { name: "I have saved my backup codes" }).click();
    await expect(page.getByText("On: signing in asks for a code from your authenticator app after your password.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();

    // Signing in again: the password, then the app's code (the next period's, which the server
    // also accepts, so it is not the code that confirmed enrolment).
    await signOut(page);
    await passwordStep(page, credentials);
    const signInCode = codeFor(key, Date.now() + 30_000);
    await page.getByLabel("Authentication code").fill(signInCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // And with a backup code instead: a wrong one is refused with a message, a right one signs in.
    await signOut(page);
    await passwordStep(page, credentials);
    await page.getByRole("button", { name: "Use a backup code" }).click();
    await expect(page.getByText("Enter one of your backup codes. Each code works once.")).toBeVisible();
    await page.getByLabel("Backup code").fill("12345");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Enter a backup code like ABcd1-23EfG")).toBeVisible();
    await page.getByLabel("Backup code").fill("aaaaa-aaaaa");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That backup code is not right, or it has been used already")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel("Backup code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await page.context().request.get("/api/me")).status()).toBe(200);

    // Turning it off takes the password and a current code. The app's codes are accepted only for a
    // time step after the last accepted one (the sign-in's, the next period's), so until the clock
    // gets there the owner uses a backup code, as one whose phone is lost would.
    await page.goto("/dashboard/account");
    await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await page.getByLabel("Your password").fill(credentials.password);
    await page.getByLabel("Code from your authenticator app, or a backup code").fill(backupCodes[1]!);
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await expect(page.getByText("Two-factor sign-in is off.")).toBeVisible();
    await expect(page.getByText("Off: turn it on to ask for a code from an authenticator app after your password.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });
});
