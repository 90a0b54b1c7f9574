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
    // Other cards' loading spinners are statuses too while a loaded machine fetches them.
    await expect(page.getByRole("status").filter({ hasText: `We sent a confirmation link to ${newEmail}.` })).toBeVisible();
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
    await expect(page.getByText("Your password has been changed. Other devices were logged out.")).toBeVisible();
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
    await others.first().getByRole("button", { name: /^Log out/ }).click();
    await expect(laptopPage).toHaveURL(/\/auth$/);
    await expect(others).toHaveCount(before - 1);

    const phone = await newClientContext(browser);
    await signInThroughApi(phone.request, page.credentials);
    await page.reload();
    await page.getByRole("button", { name: "Log out of all other devices" }).click();
    await expect(page.getByText(/Logged out \d+ other device\(s\)/)).toBeVisible();
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
    await expect(page.getByRole("status").filter({ hasText: `We sent a confirmation link to ${newEmail}.` })).toBeVisible();
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

test.describe("API tokens on the account page", () => {
  test("a company owner makes a token shown once, a script uses it without a cookie, and revoking it stops it", async ({ browser, customerPage: page }) => {
    // Making their company makes them its owner: owners and admins may hold tokens.
    expect((await page.request.put("/api/companies/mine", { data: { name: "Token Works Ltd" } })).status()).toBe(201);
    await page.goto("/dashboard/account");
    await expect(page.getByText("No API tokens yet.")).toBeVisible();

    await page.getByRole("button", { name: "New API token" }).click();
    const dialog = page.getByRole("dialog", { name: "New API token" });
    await dialog.getByRole("button", { name: "Make token" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await dialog.getByLabel("Name").fill("Nightly export");
    await dialog.getByLabel("Access").selectOption({ label: "Read and write" });
    // "Never" is for admins only: a customer picks a lifetime.
    await expect(dialog.getByLabel("Expires after").locator("option")).toHaveText(["30 days", "90 days", "1 year"]);
    await dialog.getByRole("button", { name: "Make token" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your new token" });
    const token = await shown.getByLabel("Nightly export").inputValue();
    expect(token).toMatch(/^ptc_/);
    await shown.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Nightly export");
    await expect(row).toContainText(`${token.slice(0, 10)}…`);
    await expect(row).toContainText("Read and write");
    await expect(row).toContainText("Never used");
    await expect(page.getByText(token)).toHaveCount(0);

    // A script: another context with no cookie, only the token.
    const script = await newClientContext(browser);
    const withToken = { headers: { authorization: `Bearer ${token}` } };
    const me = await script.request.get("/api/me", withToken);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(page.credentials.email);

    await page.getByRole("button", { name: "Revoke Nightly export" }).click();
    await page.getByRole("dialog", { name: "Revoke API token" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("No API tokens yet.")).toBeVisible();
    expect((await script.request.get("/api/me", withToken)).status()).toBe(401);
    await script.close();
  });
});
