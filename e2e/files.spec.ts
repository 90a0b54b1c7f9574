import type { Locator, Page } from "@playwright/test";
import { createProject, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

/** A PDF as file-type knows one (magic `%PDF-`), with bytes of its own so a mix-up would show. */
const pdfBytes = (label: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, "latin1");

/** A valid 1x1 PNG: the browser decodes it, so a loaded thumbnail proves the bytes arrived. */
const pngBytes = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** Picks a file the way a keyboard user does: the button opens the browser's file chooser. */
async function chooseFile(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

/** The customer's Create New Ticket dialog, opened from the tickets page and filled in up to its files. */
async function startNewTicket(page: Page, projectName: string, title: string): Promise<Locator> {
  await page.goto("/dashboard/tickets");
  await page.getByRole("button", { name: "New Ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
  await dialog.getByLabel("Project").selectOption({ label: projectName });
  await dialog.getByLabel("Title").fill(title);
  return dialog;
}

test.describe("files", () => {
  test("an admin uploads an invoice PDF and the customer downloads the same bytes; another company gets 404", async ({ adminPage: page, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`PDF Co ${t}`);
    const stranger = await newCustomer(`Other Co ${t}`);
    const number = `INV-PDF-${t}`;
    const pdf = pdfBytes(number);

    await page.goto("/admin/invoices");
    await page.getByRole("button", { name: "New Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await dialog.getByLabel("Company").selectOption({ label: customer.company.name });
    await dialog.getByLabel("Invoice Number").fill(number);
    await dialog.getByLabel("Amount").fill("250");
    await dialog.getByLabel("Issue Date").fill("2026-06-01");
    await chooseFile(page, dialog.getByRole("button", { name: "Choose PDF" }), { name: `${number}.pdf`, mimeType: "application/pdf", buffer: pdf });
    await expect(dialog.getByRole("list", { name: "Chosen file" })).toContainText(`${number}.pdf`);
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("Invoice created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The stored PDF shows in the admin's Edit dialog, and the row offers it.
    await page.getByRole("searchbox", { name: "Search invoices" }).fill(number);
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row.getByRole("link", { name: /Open PDF/ })).toBeVisible();
    await row.getByRole("button", { name: /Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Invoice" });
    await expect(edit.getByRole("link", { name: `${number}.pdf` })).toBeVisible();
    await expect(edit.getByRole("button", { name: "Replace PDF" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The customer's Download leads to the stored file: the very bytes the admin uploaded.
    await customer.page.goto("/dashboard/invoices");
    const download = customer.page.getByRole("row").filter({ hasText: number }).getByRole("link", { name: "Download" });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/api\/invoices\/[0-9a-f-]{36}\/pdf$/);
    const answer = await customer.context.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^application\/pdf/);
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(await answer.body(), pdf)).toBe(0);

    // Another company's user learns nothing: the same answer as for an invoice that does not exist.
    expect((await stranger.context.request.get(href!)).status()).toBe(404);
  });

  test("a customer attaches a PNG to a new ticket; the admin sees its thumbnail and downloads it; another company gets 404", async ({ adminPage: page, admin, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`Screenshot Co ${t}`, "Sam Screenshot");
    const stranger = await newCustomer(`Elsewhere Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Shop ${t}` });
    const title = `Checkout button missing ${t}`;

    const { page: customerPage } = customer;
    const dialog = await startNewTicket(customerPage, project.name, title);
    await chooseFile(customerPage, dialog.getByRole("button", { name: "Attach files" }), { name: "checkout.png", mimeType: "image/png", buffer: pngBytes });
    const chosen = dialog.getByRole("list", { name: "Files to attach" });
    await expect(chosen).toContainText("checkout.png");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(customerPage.getByText("Ticket created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = customerPage.getByRole("link").filter({ hasText: title });
    const ticketPath = await card.getAttribute("href");
    const ticketId = ticketPath!.split("/").pop()!;
    await card.click();
    await expect(customerPage.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();
    await expect(customerPage.getByRole("link", { name: "checkout.png" })).toBeVisible();

    // The admin sees the same file on the ticket, as a thumbnail the browser decoded.
    await page.goto(`/admin/tickets/${ticketId}`);
    const attachments = page.getByRole("list", { name: "Attachments" });
    const link = attachments.getByRole("link", { name: "checkout.png" });
    await expect(link).toBeVisible();
    const fileHref = await link.getAttribute("href");
    expect(fileHref).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const thumbnail = link.locator("img");
    await expect(thumbnail).toHaveAttribute("src", fileHref!);
    await expect(thumbnail).toHaveAttribute("loading", "lazy");
    await expect.poll(() => thumbnail.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth)).toBe(1);

    // The admin downloads it: the customer's bytes, typed by their content.
    const answer = await page.request.get(fileHref!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/png");
    expect(answer.headers()["cache-control"]).toContain("private");
    expect(answer.headers()["content-security-policy"]).toContain("sandbox");
    expect(Buffer.compare(await answer.body(), pngBytes)).toBe(0);

    // A user of another company: 404 on the file, as on the ticket it belongs to.
    expect((await stranger.context.request.get(fileHref!)).status()).toBe(404);
    expect((await stranger.context.request.get(`/api/tickets/${ticketId}`)).status()).toBe(404);
  });

  test("a refused file leaves the new ticket standing, Add files tries again, and the admin's open page follows live", async ({ adminPage: page, admin, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`Retry Co ${t}`, "Riley Retry");
    const project = await createProject(admin, customer.company.id, { name: `Portal ${t}` });
    const title = `Export fails ${t}`;

    // A Windows program under its own name: the server refuses it by its bytes (415).
    const { page: customerPage } = customer;
    const dialog = await startNewTicket(customerPage, project.name, title);
    await chooseFile(customerPage, dialog.getByRole("button", { name: "Attach files" }), { name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ\x90\x00 not a document", "latin1") });
    await chooseFile(customerPage, dialog.getByRole("button", { name: "Attach files" }), { name: "export.png", mimeType: "image/png", buffer: pngBytes });
    // Taking one back before sending.
    await chooseFile(customerPage, dialog.getByRole("button", { name: "Attach files" }), { name: "wrong.png", mimeType: "image/png", buffer: pngBytes });
    await dialog.getByRole("button", { name: "Remove wrong.png" }).click();
    await expect(dialog.getByRole("list", { name: "Files to attach" }).getByRole("listitem")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Create Ticket" }).click();

    // The ticket exists; the toast names the file that did not arrive, and the ticket page is where to try again.
    await expect(customerPage.getByText("Ticket created successfully")).toBeVisible();
    await expect(customerPage.getByText(/Not attached: tool\.exe \(/)).toBeVisible();
    await expect(customerPage).toHaveURL(/\/dashboard\/tickets\/[0-9a-f-]{36}$/);
    const ticketId = customerPage.url().split("/").pop()!;
    await expect(customerPage.getByRole("heading", { name: title })).toBeVisible();
    await expect(customerPage.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();
    await expect(customerPage.getByRole("link", { name: "export.png" })).toBeVisible();

    // The admin has the ticket open while the customer adds a file, then deletes it.
    await page.goto(`/admin/tickets/${ticketId}`);
    await expect(page.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();

    await chooseFile(customerPage, customerPage.getByRole("button", { name: "Add files" }), { name: "steps.txt", mimeType: "text/plain", buffer: Buffer.from("1. Open export\n2. Click CSV\n") });
    await customerPage.getByRole("button", { name: "Upload" }).click();
    await expect(customerPage.getByText("File added")).toBeVisible();
    await expect(customerPage.getByRole("heading", { name: "Attachments (2)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "steps.txt" })).toBeVisible();

    customerPage.once("dialog", (confirm) => void confirm.accept());
    await customerPage.getByRole("button", { name: "Delete steps.txt" }).click();
    await expect(customerPage.getByText("File deleted")).toBeVisible();
    await expect(customerPage.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "steps.txt" })).toHaveCount(0);
  });

  test("a comment and a chat message carry their files to the admin's open screens", async ({ adminPage: page, admin, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`Brief Co ${t}`, "Bea Brief");
    const project = await createProject(admin, customer.company.id, { name: `Rebrand ${t}` });
    const { page: customerPage } = customer;
    await page.goto(`/admin/projects/${project.id}`);
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();

    await customerPage.goto(`/dashboard/projects/${project.slug}`);
    await customerPage.getByLabel("Add a comment").fill("Our brief, as promised.");
    await chooseFile(customerPage, customerPage.getByRole("button", { name: "Attach files" }), { name: "brief.pdf", mimeType: "application/pdf", buffer: pdfBytes(t) });
    await customerPage.getByRole("button", { name: "Send" }).click();
    await expect(customerPage.getByText("Comment added")).toBeVisible();
    const comments = customerPage.getByRole("list", { name: "Comments and activity" });
    await expect(comments.getByRole("link", { name: "brief.pdf" })).toBeVisible();
    await expect(customerPage.getByLabel("Add a comment")).toHaveValue("");
    await expect(customerPage.getByRole("list", { name: "Files to attach" })).toHaveCount(0);
    // The admin's project page, open all along, shows the comment with its file.
    await expect(page.getByRole("list", { name: "Comments and activity" }).getByRole("link", { name: "brief.pdf" })).toBeVisible();

    // The company's conversation open, still empty, before the customer writes: the message arrives live.
    await page.goto(`/admin/messages?company=${customer.company.id}`);
    await expect(page.getByRole("log", { name: `Messages with ${customer.company.name}` })).toContainText("No messages yet. Write the first one below.");
    await customerPage.goto("/dashboard/messages");
    await customerPage.getByRole("textbox", { name: "Message" }).fill("The logo, attached.");
    await chooseFile(customerPage, customerPage.getByRole("button", { name: "Attach files" }), { name: "logo.png", mimeType: "image/png", buffer: pngBytes });
    await customerPage.getByRole("button", { name: "Send" }).click();
    await expect(customerPage.getByRole("log", { name: "Messages" }).getByRole("link", { name: "logo.png" })).toBeVisible();
    await expect(page.getByRole("log", { name: `Messages with ${customer.company.name}` }).getByRole("link", { name: "logo.png" })).toBeVisible();
  });
});
