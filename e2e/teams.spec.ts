import type { Browser, Page } from "@playwright/test";
import type { Company } from "@/shared/schemas/company";
import { openMoreSection } from "./support/admin-data";
import { createProject, tag, test, type AdminApi } from "./support/customer-data";
import { expect, newClientContext, uniqueEmail } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";

/*
 * Company teams and invitations: who invites whom from which screen, and what the invitee gets
 * after signing up from the mailed link. The invitation page's other paths (an existing account,
 * another signed-in account, a dead link) are in invitations.spec.ts.
 */

/** The Team card of the Company page or the admin's customer page. */
const teamCard = (page: Page) => page.getByRole("region", { name: "Team", exact: true });
const memberRow = (page: Page, text: string) => page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: text });

/** Invites `email` through the open screen's "Invite colleague" dialog; the invitation is then listed as pending. */
async function inviteColleague(page: Page, email: string, role?: "Member" | "Owner") {
  await page.getByRole("button", { name: "Invite colleague" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite colleague" });
  await dialog.getByLabel("Email").fill(email);
  if (role) await dialog.getByLabel("Role").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: email })).toBeVisible();
}

/** Opens the invitation mailed to `email` in a fresh browser and signs up there with the address fixed. */
async function signUpFromMail(browser: Browser, email: string, name: string, heading: string) {
  const mail = await waitForMail(email);
  expect(mail.subject).toBe(heading);
  const context = await newClientContext(browser);
  const page = await context.newPage();
  await page.goto(linkIn(mail, "/invitation"));
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  const address = page.getByLabel("Email");
  await expect(address).toHaveValue(email);
  await expect(address).not.toBeEditable();
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Password").fill("copper-kettle-6");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created! Welcome to Portico.")).toBeVisible();
  return { context, page };
}

async function createCustomerCompany(admin: AdminApi, name: string): Promise<Company> {
  const response = await admin.request.post("/api/companies", { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Company;
}

test.describe("company teams", () => {
  // Two or three people each, a mail to wait for and a sign-up: longer than one screen's journey.
  test.slow();
  test("an owner invites a colleague who signs up from the mail and sees the projects, until the owner removes them", async ({ browser, newCustomer, admin }) => {
    const companyName = `Teamwork ${tag()}`;
    const owner = await newCustomer(companyName, "Olive Owner");
    const project = await createProject(admin, owner.company.id, { name: `Shared Project ${tag()}` });
    const colleagueEmail = uniqueEmail("colleague");

    await owner.page.goto("/dashboard");
    await expect(memberRow(owner.page, owner.credentials.email)).toContainText("Owner");
    await expect(teamCard(owner.page).getByText("No pending invitations")).toBeVisible();
    await inviteColleague(owner.page, colleagueEmail);

    const colleague = await signUpFromMail(browser, colleagueEmail, "Cole League", `You're invited to join ${companyName} on Portico`);
    await expect(colleague.page).toHaveURL(/\/dashboard$/);
    await colleague.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    await expect(colleague.page.getByRole("link", { name: new RegExp(project.name) })).toBeVisible();

    // The owner's open Team section shows the new member (the accepted invitation is no longer pending).
    const row = memberRow(owner.page, colleagueEmail);
    await expect(row).toContainText("Cole League");
    await expect(row).toContainText("Member");
    await expect(teamCard(owner.page).getByText("No pending invitations")).toBeVisible();

    await row.getByRole("button", { name: "Remove" }).click();
    const confirm = owner.page.getByRole("dialog", { name: "Remove member" });
    await expect(confirm).toContainText(colleagueEmail);
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(owner.page.getByText("Cole League was removed from the company")).toBeVisible();
    await expect(row).toHaveCount(0);

    // The colleague's projects page, still open, loses the project without a reload.
    await expect(colleague.page.getByRole("link", { name: new RegExp(project.name) })).toHaveCount(0);
    await expect(colleague.page.getByText("No Projects Yet")).toBeVisible();
    expect((await colleague.context.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
    await colleague.context.close();
  });

  test("an admin invites a customer's first contact, who signs up from the mail as the company's owner", async ({ browser, adminPage, admin }) => {
    const companyName = `First Contact Co ${tag()}`;
    const company = await createCustomerCompany(admin, companyName);
    const contactEmail = uniqueEmail("first-contact");

    await adminPage.goto(`/admin/customers/${company.id}`);
    await expect(teamCard(adminPage).getByText("No members yet", { exact: false })).toBeVisible();
    await adminPage.getByRole("button", { name: "Invite colleague" }).click();
    // The first person invited to a company without members becomes its owner unless told otherwise.
    await expect(adminPage.getByRole("dialog").getByLabel("Role")).toHaveValue("owner");
    await adminPage.keyboard.press("Escape");
    await inviteColleague(adminPage, contactEmail);

    const contact = await signUpFromMail(browser, contactEmail, "Fiona First", `You're invited to join ${companyName} on Portico`);
    await expect(contact.page).toHaveURL(/\/dashboard$/);
    // They join a company that exists: their home, the Company page, shows its profile (D23).
    await expect(contact.page.getByLabel("Company Name")).toHaveValue(companyName);
    const row = memberRow(contact.page, contactEmail);
    await expect(row).toContainText("Fiona First");
    await expect(row).toContainText("Owner");
    // An owner manages the team.
    await expect(contact.page.getByRole("button", { name: "Invite colleague" })).toBeVisible();
    await contact.context.close();
  });

  test("a member sees the team but none of its actions", async ({ browser, newCustomer }) => {
    const companyName = `Read Only ${tag()}`;
    const owner = await newCustomer(companyName, "Otto Owner");
    const memberEmail = uniqueEmail("member");
    const invited = await owner.context.request.post(`/api/companies/${owner.company.id}/invitations`, { data: { email: memberEmail, role: "member" } });
    expect(invited.status(), await invited.text()).toBe(201);
    const pendingEmail = uniqueEmail("pending");
    expect((await owner.context.request.post(`/api/companies/${owner.company.id}/invitations`, { data: { email: pendingEmail } })).status()).toBe(201);

    const token = new URL(linkIn(await waitForMail(memberEmail), "/invitation")).searchParams.get("token");
    const context = await newClientContext(browser);
    const signedUp = await context.request.post("/api/auth/sign-up/email", {
      data: { name: "Mia Member", email: memberEmail, password: "copper-kettle-5", invitationToken: token },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const page = await context.newPage();

    await page.goto("/dashboard");
    await expect(memberRow(page, owner.credentials.email)).toContainText("Owner");
    await expect(memberRow(page, memberEmail)).toContainText("Member");
    await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: pendingEmail })).toBeVisible();
    const team = teamCard(page);
    await expect(team.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Invite colleague" })).toHaveCount(0);
    await context.close();
  });

  test("an admin invites another admin from the Team page, who signs up from the mail and reaches the admin area", async ({ browser, adminPage }) => {
    const adminEmail = uniqueEmail("new-admin");
    await adminPage.goto("/admin");
    await openMoreSection(adminPage, "Team");
    await expect(adminPage.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(adminPage.getByRole("table", { name: "Admins" })).toContainText("admin@portico.test");

    await adminPage.getByRole("button", { name: "Invite admin" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Invite admin" });
    await expect(dialog.getByLabel("Role")).toHaveCount(0);
    await dialog.getByLabel("Email").fill(adminEmail);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(adminPage.getByText(`Invitation sent to ${adminEmail}`)).toBeVisible();
    const pending = adminPage.getByRole("table", { name: "Pending admin invitations" }).getByRole("row").filter({ hasText: adminEmail });
    await expect(pending).toContainText("Admin");
    await expect(pending).toContainText("Expires");

    const invitee = await signUpFromMail(browser, adminEmail, "Ada Admin", "You're invited to join the Portico team");
    await expect(invitee.page).toHaveURL(/\/admin$/);
    // The admin area opens on the spec's Customers table (D23).
    await expect(invitee.page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await invitee.context.close();

    await adminPage.reload();
    await expect(adminPage.getByRole("table", { name: "Admins" })).toContainText(adminEmail);
    await expect(adminPage.getByRole("table", { name: "Pending admin invitations" })).toHaveCount(0);
    await expect(adminPage.getByText("No pending invitations")).toBeVisible();
  });
});
