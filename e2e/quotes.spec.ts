import { extractText, getDocumentProxy } from "unpdf";
import { isoToday } from "./support/admin-data";
import { tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { createSentQuote } from "./support/quote-data";
import type { QuoteDetail } from "@/shared/schemas/quote";

/** "December 3, 2026": the day the PDF's signature block names, in UTC as it prints it. */
const pdfDay = (instant: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(instant));

test.describe("quotes", () => {
  test("an admin sends a quote with a 30 % deposit; its owner signs it with the mouse and accepts; the deposit is invoiced, issued, and the PDF names the signer, the day and the SHA-256", async ({ admin, newCustomer }) => {
    // One journey across both people: the admin's two screens, the customer's three and the PDF.
    test.slow();
    const customer = await newCustomer(`Quote Co ${tag()}`, "Olga Owner");
    const title = `Website redesign ${tag()}`;
    const page = await admin.context.newPage();

    await page.goto("/admin/quotes");
    await page.getByRole("button", { name: "New Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Quote" });
    await expect(dialog.getByLabel("Valid until")).toHaveValue(isoToday(30));
    // The picker lists the first companies by name: with many, the admin types to find theirs.
    await dialog.getByRole("searchbox", { name: "Filter companies" }).fill(customer.company.name);
    await dialog.getByLabel("Company").selectOption({ label: customer.company.name });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description, line 1").fill("Design");
    await dialog.getByLabel("Quantity, line 1").fill("2");
    await dialog.getByLabel("Unit Price, line 1").fill("500");
    await dialog.getByLabel("Tax %, line 1").fill("10");
    await expect(dialog.getByTestId("preview-total")).toHaveText("1,100.00");
    await dialog.getByLabel("What is invoiced").selectOption({ label: "A deposit" });
    await dialog.getByLabel("Deposit (%)").fill("30");
    await expect(dialog.getByLabel("The invoice is")).toHaveValue("unpaid");
    await dialog.getByRole("button", { name: "Create Quote" }).click();
    await expect(page.getByText("Quote created as a draft")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Quote Q-\d{4,}$/);
    const quoteNumber = (await heading.textContent())!.replace("Quote ", "");
    await expect(page.getByTestId("quote-on-acceptance")).toHaveText("An invoice of a 30% deposit ($330.00) on acceptance.");
    await expect(page.getByTestId("quote-invoice-status")).toHaveText("Issued at once");

    await page.getByRole("button", { name: "Send", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `Send quote ${quoteNumber}?` });
    await confirm.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText(`Quote ${quoteNumber} sent`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
    await page.close();

    // The owner finds it in their list and signs it: the name typed, the signature drawn with the mouse.
    const own = customer.page;
    await own.goto("/dashboard/quotes");
    await own.getByRole("link", { name: quoteNumber }).click();
    await expect(own.getByRole("heading", { name: `Quote ${quoteNumber}` })).toBeVisible();
    await expect(own.getByTestId("quote-total")).toHaveText("$1,100.00");
    await own.getByLabel("Full name").fill("Olga Owner");
    const pad = own.getByRole("img", { name: "Signature pad: draw your signature" });
    // The mouse works in the viewport's coordinates: the pad must be in view.
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await own.mouse.move(box.x + 30, box.y + box.height / 2);
    await own.mouse.down();
    for (let step = 1; step <= 8; step++) await own.mouse.move(box.x + 30 + step * 40, box.y + box.height / 2 + (step % 2 ? -25 : 25), { steps: 4 });
    await own.mouse.up();
    await own.getByLabel("I accept this quote").check();
    await own.getByRole("button", { name: "Accept and sign" }).click();
    await expect(own.getByText("Quote accepted")).toBeVisible();
    await expect(own.getByTestId("quote-signer")).toHaveText("Olga Owner");
    await expect(own.getByRole("img", { name: "Signature of Olga Owner" })).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(own.getByRole("button", { name: "Accept and sign" })).toHaveCount(0);
    const sha256 = (await own.getByTestId("quote-sha256").textContent())!;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const invoiceLink = own.getByText("Invoice made:").getByRole("link");
    const invoiceNumber = (await invoiceLink.textContent())!;

    // The deposit invoice: issued, 30 % of the total, in the customer's invoices.
    await own.goto("/dashboard/invoices");
    const row = own.getByRole("row").filter({ has: own.getByRole("link", { name: invoiceNumber, exact: true }) });
    await expect(row).toContainText("$330.00");
    await expect(row).toContainText("Unpaid");
    // The invoice names the quote it came from.
    await row.getByRole("link", { name: invoiceNumber, exact: true }).click();
    await expect(own.getByText("From quote").getByRole("link", { name: quoteNumber })).toHaveAttribute("href", `/dashboard/quotes/${id}`);

    // The accepted PDF, fetched as the customer: the signer, the day and the SHA-256 the page showed.
    const detail = (await (await customer.context.request.get(`/api/quotes/${id}`)).json()) as QuoteDetail;
    const pdf = await customer.context.request.get(`/api/quotes/${id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    expect(text).toContain("Olga Owner");
    expect(text).toContain(pdfDay(detail.acceptance!.acceptedAt));
    expect(text).toContain(sha256);
  });

  test("an owner declines a quote with a reason, which the admin reads on the quote, and both read its history", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Decline Co ${tag()}`, "Dana Decline");
    const quote = await createSentQuote(admin, customer.company.id, { title: "Hosting", lines: [{ description: "Hosting", quantity: "12", unitPrice: "20" }], validUntil: isoToday(14) });
    const own = customer.page;
    await own.goto(`/dashboard/quotes/${quote.id}`);
    await own.getByRole("button", { name: "Decline", exact: true }).click();
    const dialog = own.getByRole("dialog", { name: `Decline quote ${quote.quoteNumber}?` });
    await dialog.getByLabel("Reason (optional)").fill("Too expensive for this year");
    await dialog.getByRole("button", { name: "Decline quote" }).click();
    await expect(own.getByText(`Quote ${quote.quoteNumber} declined`)).toBeVisible();
    await expect(own.getByTestId("quote-decline-reason")).toHaveText("Too expensive for this year");
    await expect(own.getByRole("button", { name: "Accept and sign" })).toHaveCount(0);
    // The quote's history: what the company was sent and how it answered; the draft's lines are the team's.
    const history = own.getByRole("list", { name: "Activity" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").last()).toContainText("Dana Decline declined this quote");
    await expect(history.getByRole("listitem").first()).toContainText("sent this quote");

    const page = await admin.context.newPage();
    await page.goto(`/admin/quotes/${quote.id}`);
    await expect(page.getByTestId("quote-decline-reason")).toHaveText("Too expensive for this year");
    await expect(page.getByText("Declined by Dana Decline on")).toBeVisible();
    await expect(page.getByRole("list", { name: "Activity" }).getByRole("listitem")).toHaveCount(3);
    await page.close();
  });
});
