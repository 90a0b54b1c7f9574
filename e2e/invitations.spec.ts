import { memberMessages } from "@/shared/rules/member";
import { isoToday } from "./support/admin-data";
import { tag, test } from "./support/customer-data";
import { expect, newClientContext, signUpThroughApi, uniqueEmail } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";
import { createSentQuote } from "./support/quote-data";

/*
 * The invitation page's paths other than signing up (teams.spec.ts): an address that already has
 * an account, a browser signed in with another account, and links that cannot work.
 */

test.describe("invitation page", () => {
  test("an existing account signs in with the invited address fixed and joins the company, whose owner then lets them answer its quotes", async ({ browser, admin, newCustomer, anonPage: page }) => {
    const companyName = `Joiners ${tag()}`;
    const owner = await newCustomer(companyName, "Owen Owner");
    // An account without a company, signed in elsewhere.
    const elsewhere = await newClientContext(browser);
    const existing = await signUpThroughApi(elsewhere.request, "Erin Existing");
    await elsewhere.close();
    const invited = await owner.context.request.post(`/api/companies/${owner.company.id}/invitations`, { data: { email: existing.email } });
    expect(invited.status(), await invited.text()).toBe(201);

    await page.goto(linkIn(await waitForMail(existing.email), "/invitation"));
    await expect(page.getByRole("heading", { name: `You're invited to join ${companyName} on Portico` })).toBeVisible();
    await expect(page.getByText(`Owen Owner invited ${existing.email} as Member.`)).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue(existing.email);
    await expect(page.getByLabel("Email")).not.toBeEditable();
    await page.getByLabel("Password").fill(existing.password);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page.getByText(`Welcome to ${companyName}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The company's profile and team are one click away from the overview (ADR 035).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company", exact: true }).click();
    await expect(page.getByLabel("Company Name")).toHaveValue(companyName);
    await expect(page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: existing.email })).toContainText("Member");

    // The owner lets the new member accept or decline the company's quotes (ADR 049) from the Team section.
    await owner.page.goto("/dashboard");
    const row = owner.page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: existing.email });
    const toggle = row.getByRole("button", { name: "Answers quotes (Erin Existing)" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(owner.page.getByText("Erin Existing may now accept or decline quotes")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(row).toContainText("answers quotes");
    // A quote the team sends now asks them for their signature.
    const quote = await createSentQuote(admin, owner.company.id, { title: "Support plan", lines: [{ description: "Support", quantity: "1", unitPrice: "200" }], validUntil: isoToday(14) });
    await page.goto(`/dashboard/quotes/${quote.id}`);
    await expect(page.getByRole("button", { name: "Accept and sign" })).toBeVisible();
  });

  test("another signed-in account is told the invitation is not its own, and signing out offers the invited address a sign-up", async ({ newCustomer, customerPage: page }) => {
    const owner = await newCustomer(`Mixups ${tag()}`);
    const invitedEmail = uniqueEmail("invitee");
    const invited = await owner.context.request.post(`/api/companies/${owner.company.id}/invitations`, { data: { email: invitedEmail } });
    expect(invited.status(), await invited.text()).toBe(201);

    await page.goto(linkIn(await waitForMail(invitedEmail), "/invitation"));
    await expect(page.getByRole("alert")).toHaveText(memberMessages.otherAddress);
    await expect(page.getByText(`You are signed in as ${page.credentials.email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(invitedEmail);
    expect((await page.request.get("/api/me")).status()).toBe(401);
  });

  test("a revoked link and a malformed one both say the invitation cannot be used", async ({ newCustomer, anonPage: page }) => {
    const owner = await newCustomer(`Revokers ${tag()}`);
    const email = uniqueEmail("revoked");
    const response = await owner.context.request.post(`/api/companies/${owner.company.id}/invitations`, { data: { email } });
    expect(response.status(), await response.text()).toBe(201);
    const invitation = (await response.json()) as { id: string };
    const link = linkIn(await waitForMail(email), "/invitation");
    expect((await owner.context.request.delete(`/api/invitations/${invitation.id}`)).status()).toBe(204);

    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText(memberMessages.invitationInvalid);
    await expect(page.getByRole("button", { name: "Create Account" })).toHaveCount(0);

    await page.goto("/invitation?token=short");
    await expect(page.getByRole("alert")).toContainText(memberMessages.invitationInvalid);
    await page.getByRole("link", { name: "Go to the portal" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
