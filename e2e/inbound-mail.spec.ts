import { randomUUID } from "node:crypto";
import { openMoreSection } from "./support/admin-data";
import { createCompany, createProject } from "./support/customer-data";
import { E2E_INBOUND } from "./support/constants";
import { expect, newClientContext, signUpThroughApi, test } from "./support/fixtures";

test.describe("mail in", () => {
  test("a customer's mail to the support address opens a ticket in the project the admin chose for it, which the admin finds on the inbound mail page", async ({ browser, adminPage: page }) => {
    const context = await newClientContext(browser);
    const customer = await signUpThroughApi(context.request, "Ivy Inbound");
    const company = await createCompany(context.request, { name: `Inbound ${randomUUID().slice(0, 8)} Ltd` });

    // The admin makes one of the company's projects its inbox for support mail.
    const project = await createProject({ request: page.request }, company.id, { name: `Helpdesk ${randomUUID().slice(0, 8)}` });
    await page.goto(`/admin/projects/${project.id}`);
    const supportMail = page.getByRole("region", { name: "Support mail" });
    await expect(supportMail).toContainText(`in the company's inbox project, or in "General"`);
    await supportMail.getByRole("button", { name: "Use for support mail" }).click();
    await expect(supportMail).toContainText(`A mail from ${company.name} to the support address opens its ticket in this project.`);
    await expect(supportMail.getByRole("button", { name: "Stop using for support mail" })).toBeVisible();

    const subject = `Scanner jams ${randomUUID().slice(0, 8)}`;
    const mail = [`From: Ivy Inbound <${customer.email}>`, `To: support@${E2E_INBOUND.domain}`, `Subject: ${subject}`, `Message-ID: <${randomUUID()}@mail.example.test>`, "Content-Type: text/plain; charset=utf-8", "", "The scanner on floor 2 jams on every page.", ""].join("\r\n");
    // As a mail provider's inbound webhook delivers it: raw MIME, with the webhook's token.
    const received = await context.request.post("/api/inbound/mail", { headers: { "content-type": "message/rfc822", authorization: `Bearer ${E2E_INBOUND.webhookToken}` }, data: mail });
    expect(received.status(), await received.text()).toBe(200);
    expect(await received.json()).toMatchObject({ fate: "posted", posted: "ticket" });
    await context.close();

    await page.goto("/admin");
    await openMoreSection(page, "Inbound mail");
    await expect(page).toHaveURL(/\/admin\/inbound$/);
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row.getByText("Opened a ticket")).toBeVisible();
    await expect(row.getByText(customer.email)).toBeVisible();
    await row.getByRole("link", { name: "Open" }).click();
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText(`${company.name} · ${project.name}`)).toBeVisible();
    // The admin's ticket page is its edit form: the mail's text is the description.
    await expect(page.getByLabel("Description")).toHaveValue("The scanner on floor 2 jams on every page.");
  });
});
