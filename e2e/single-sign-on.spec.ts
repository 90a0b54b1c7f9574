import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OIDC } from "./support/constants";
import { expect, newClientContext, test } from "./support/fixtures";
import { tag } from "./support/customer-data";

/*
 * Single sign-on (ADR 051) through a real OpenID provider on loopback (support/oidc-server.ts):
 * the browser leaves for its login page and is sent back, as with Keycloak or Entra.
 */

const issuer = () => `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;

/** At the provider's own login page: its login field takes the address, any password goes. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/`));
  await page.getByPlaceholder("Enter any login").fill(email);
  await page.getByPlaceholder("and password").fill("whatever the provider asks");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test.describe("single sign-on", () => {
  test("an admin signs in through the team's identity provider's login page", async ({ anonPage: page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Sign in with SSO" }).click();
    await signInAtProvider(page, E2E_ADMIN.email);
    await expect(page).toHaveURL(/\/admin(\/|$)/);
    expect((await (await page.request.get("/api/me")).json()) as { email: string; role: string }).toMatchObject({ email: E2E_ADMIN.email, role: "admin" });
  });

  test("a customer of an SSO-only company cannot use a password, and signs in through the company's provider", async ({ browser, adminPage }) => {
    const domain = `sso-${tag()}.test`;
    const customer = { name: "Sasha SSO", email: `sasha@${domain}`, password: "quiet-harbour-9" };
    // The customer's account and company exist first, with a password, as before the switch.
    const setupContext = await newClientContext(browser);
    const signedUp = await setupContext.request.post("/api/auth/sign-up/email", { data: customer });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const made = await setupContext.request.put("/api/companies/mine", { data: { name: `SSO Co ${domain}` } });
    expect(made.status(), await made.text()).toBe(201);
    const companyId = ((await made.json()) as { company: { id: string } }).company.id;
    await setupContext.close();

    // The admin gives the company its provider and turns "SSO only" on, on the customer's page.
    await adminPage.goto(`/admin/customers/${companyId}`);
    await adminPage.getByRole("button", { name: "Set up single sign-on" }).click();
    await adminPage.getByLabel("Issuer URL").fill(issuer());
    await adminPage.getByLabel("Client ID").fill(E2E_OIDC.company.clientId);
    await adminPage.getByLabel("Client secret").fill(E2E_OIDC.company.clientSecret);
    await adminPage.getByLabel("Email domains, one per line").fill(domain);
    await adminPage.getByLabel("SSO only: the company's members cannot sign in with a password").check();
    await adminPage.getByRole("button", { name: "Save single sign-on" }).click();
    await expect(adminPage.getByText("Single sign-on saved")).toBeVisible();
    await expect(adminPage.getByText("Yes: members cannot sign in with a password")).toBeVisible();

    // Signed out, the customer types their password: refused, and the form offers the provider.
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your company signs in with single sign-on." })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "not a password" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    expect((await page.request.get("/api/me")).status()).toBe(401);

    await page.getByRole("button", { name: "Continue with your company's SSO" }).click();
    await signInAtProvider(page, customer.email);
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
    expect((await (await page.request.get("/api/me")).json()) as { email: string }).toMatchObject({ email: customer.email });
    await context.close();
  });
});
