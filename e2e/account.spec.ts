import { E2E_ADMIN } from "./support/constants";
import { expect, newClientContext, signInThroughApi, test, uniqueEmail } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";

test.describe("the account page", () => {
  test("opens from the user menu, saves a new name, and changes the email address once the link mailed to the new address is confirmed", async ({ customerPage: page }) => {
    await page.goto("/dashboard");
    await page.getByRole("banner").getByRole("link", { name: /account settings/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await expect(page.getByText(`You sign in with ${page.credentials.email}.`)).toBeVisible();

    const name = page.getByLabel("Full name");
    await name.fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(name).toBeFocused();
    await name.fill("Casey Renamed");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name has been saved")).toBeVisible();
    await expect(page.getByRole("banner").getByText("Casey Renamed")).toBeVisible();

    const newEmail = uniqueEmail("casey-moved");
    await page.getByLabel("New email address").fill(newEmail);
    // The password is asked again first: a wrong one is refused under its field.
    await page.getByLabel("Password (to confirm it's you)").fill("not-my-password");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await page.getByLabel("Password (to confirm it's you)").fill(page.credentials.password);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByRole("status")).toContainText(`We sent a confirmation link to ${newEmail}.`);
    await expect(page.getByText(`You sign in with ${page.credentials.email}.`)).toBeVisible();

    const mail = await waitForMail(newEmail);
    expect(mail.subject).toBe("Confirm your new Portico email address");
    await page.goto(linkIn(mail, "/confirm-email"));
    await expect(page.getByText(`Sign in with ${newEmail} instead of ${page.credentials.email} from now on?`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm new address" }).click();
    await expect(page.getByText(`You now sign in with ${newEmail}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  });

  test("changes the password with the current one and signs out the other devices", async ({ browser, customerPage: page }) => {
    const otherDevice = await newClientContext(browser);
    await signInThroughApi(otherDevice.request, page.credentials);
    await page.goto("/dashboard/account");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("casey-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    await page.getByLabel("Current password").fill(page.credentials.password);
    await page.getByLabel("New password").fill("casey-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed. Other devices were signed out.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveValue("");

    expect((await otherDevice.request.get("/api/me")).status()).toBe(401);
    await otherDevice.close();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    const signIn = (password: string) => page.context().request.post("/api/auth/sign-in/email", { data: { email: page.credentials.email, password }, headers: { origin: new URL(page.url()).origin } });
    expect((await signIn(page.credentials.password)).status()).toBe(401);
    expect((await signIn("casey-new-password")).status()).toBe(200);
  });

  test("lists where the user is signed in and signs another device out, whose open page goes to sign-in", async ({ browser, customerPage: page }) => {
    const laptop = await newClientContext(browser);
    await signInThroughApi(laptop.request, page.credentials);
    const laptopPage = await laptop.newPage();
    await laptopPage.goto("/dashboard/messages");
    await expect(laptopPage.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

    await page.goto("/dashboard/account");
    const sessions = page.locator("li").filter({ hasText: "Last active" });
    await expect(sessions.filter({ hasText: "(this device)" })).toHaveCount(1);
    const others = sessions.filter({ hasNotText: "(this device)" });
    await expect(others).not.toHaveCount(0);
    const before = await others.count();
    // The newest session first: the laptop's sign-in.
    await others.first().getByRole("button", { name: /^Sign out/ }).click();
    await expect(laptopPage).toHaveURL(/\/auth$/);
    await expect(others).toHaveCount(before - 1);

    const phone = await newClientContext(browser);
    await signInThroughApi(phone.request, page.credentials);
    await page.reload();
    await page.getByRole("button", { name: "Sign out of all other devices" }).click();
    await expect(page.getByText(/Signed out \d+ other device\(s\)/)).toBeVisible();
    await expect(others).toHaveCount(0);
    expect((await phone.request.get("/api/me")).status()).toBe(401);
    expect((await page.context().request.get("/api/me")).status()).toBe(200);
    await Promise.all([laptop.close(), phone.close()]);
  });

  test("lets a signed-out owner sign in on the confirmation page, then confirm", async ({ browser, customerPage: page }) => {
    const newEmail = uniqueEmail("casey-later");
    await page.goto("/dashboard/account");
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByLabel("Password (to confirm it's you)").fill(page.credentials.password);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    const link = linkIn(await waitForMail(newEmail), "/confirm-email");

    const phone = await (await newClientContext(browser)).newPage();
    await phone.goto(link);
    await expect(phone.getByText("Sign in to confirm your new email address.")).toBeVisible();
    await phone.getByLabel("Email").fill(page.credentials.email);
    await phone.getByLabel("Password").fill(page.credentials.password);
    await phone.getByRole("button", { name: "Sign In" }).click();
    await phone.getByRole("button", { name: "Confirm new address" }).click();
    await expect(phone).toHaveURL(/\/dashboard\/account$/);
    await expect(phone.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
    await phone.context().close();
  });

  test("is there for admins too, from the admin user menu", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("banner").getByRole("link", { name: /account settings/ }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText(`You sign in with ${E2E_ADMIN.email}.`)).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(E2E_ADMIN.name);
  });
});
