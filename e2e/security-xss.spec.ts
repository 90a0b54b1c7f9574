import type { BrowserContext, Page } from "@playwright/test";
import { E2E_ADMIN } from "./support/constants";
import { addComment, createInvoice, createProject, createTicket, tag, test } from "./support/customer-data";
import { expect, newClientContext, signInThroughApi } from "./support/fixtures";

/**
 * Stored XSS: hostile markup saved in every text field a user can fill renders as inert text on
 * the customer's and the admin's screens. Each payload would set window.__xss and open an alert
 * if it ran; the page must show it literally, open no dialog, run nothing, grow no element from
 * it and trip no Content-Security-Policy violation (which would mean markup got as far as trying).
 */

type Variant = "img" | "script" | "svg" | "link";

function payload(variant: Variant, field: string, t: string): string {
  const run = `window.__xss='${field}';alert('${field}')`;
  switch (variant) {
    case "img":
      return `<img src=x onerror="${run}"> ${field}-${t}`;
    case "script":
      return `<script>${run}</script> ${field}-${t}`;
    case "svg":
      return `"><svg onload="${run}"> ${field}-${t}`;
    case "link":
      return `'><a href="javascript:${run}">go</a> ${field}-${t}`;
  }
}

interface Watched {
  page: Page;
  dialogs: string[];
}

/** A page that records dialogs (and dismisses them) and Content-Security-Policy violations. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${JSON.stringify(event.sample)}`));
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** Opens `path`, waits until every payload shows as text or as a form field's value, then checks nothing ran. */
async function expectInert({ page, dialogs }: Watched, path: string, payloads: string[]) {
  await page.goto(path);
  await page
    .waitForFunction(
      (expected) => {
        const text = document.body.textContent ?? "";
        const values = [...document.querySelectorAll("input, textarea")].map((field) => (field as HTMLInputElement).value);
        return expected.every((p) => text.includes(p) || values.includes(p));
      },
      payloads,
      { timeout: 15_000 },
    )
    .catch(async () => {
      const text = await page.locator("body").innerText();
      throw new Error(`${path}: not every payload shows literally; the page says:\n${text.slice(0, 2000)}`);
    });
  // The signal that whatever could run has had its chance: a marker built like the payloads (a
  // broken image with an inline handler), added after them. Once its error event has fired and the
  // refusal of its handler has been reported, a payload's would have been too: the marker's must
  // then be the one violation of the page.
  const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.length);
  const before = await violations();
  await page.evaluate(async () => {
    const image = document.createElement("img");
    image.id = "xss-marker";
    image.setAttribute("onerror", "window.__xssMarker=1");
    const failed = new Promise((resolve) => image.addEventListener("error", resolve, { once: true }));
    image.src = "x";
    document.body.append(image);
    await failed;
  });
  await page.waitForFunction((seen) => (window as unknown as { __csp: string[] }).__csp.length > seen, before);
  await page.evaluate(() => document.getElementById("xss-marker")!.remove());
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: string }).__xss ?? null,
    // Any violation but the marker's is something trying to run (the web app turns zod's eval probe off: main.tsx).
    csp: (window as unknown as { __csp: string[] }).__csp.slice(0, -1),
    violations: (window as unknown as { __csp: string[] }).__csp.length,
    injected: document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:" i], iframe').length,
    inlineScripts: document.querySelectorAll("script:not([src])").length,
  }));
  expect(state, path).toEqual({ xss: null, csp: [], violations: 1, injected: 0, inlineScripts: 0 });
  expect(dialogs, path).toEqual([]);
}

test.describe("stored XSS", () => {
  test("payloads in every text field render as inert text on the customer's and the admin's screens", async ({ browser, admin, newCustomer }) => {
    test.setTimeout(180_000); // paces: nothing, the time limit of a long test
    const t = tag();
    const p = {
      userName: payload("svg", "un", t),
      company: payload("img", "co", t),
      contactName: payload("script", "cn", t),
      phone: `<img src=x onerror=__xss=1,alert(1)> ph-${t}`,
      address: payload("link", "ad", t),
      project: payload("script", "pn", t),
      projectDescription: payload("img", "pd", t),
      ticket: payload("svg", "tt", t),
      ticketDescription: payload("script", "td", t),
      ticketComment: payload("img", "tc", t),
      adminTicketComment: payload("script", "ac", t),
      projectComment: payload("svg", "pc", t),
      invoiceNumber: payload("img", "in", t),
      message: payload("script", "ms", t),
      adminMessage: payload("link", "am", t),
    };
    expect(p.phone.length).toBeLessThanOrEqual(50);

    // Everything saved through the real API, by whoever may write it.
    const customer = await newCustomer(p.company, p.userName);
    const request = customer.context.request;
    const saved = await request.put("/api/companies/mine", {
      data: { name: p.company, contactName: p.contactName, contactEmail: `o'neil+${t}@example.test`, phone: p.phone, address: p.address },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const project = await createProject(admin, customer.company.id, { name: p.project, description: p.projectDescription });
    const ticket = await createTicket(request, { projectId: project.id, title: p.ticket, description: p.ticketDescription });
    await addComment(request, "tickets", ticket.id, p.ticketComment);
    await addComment(admin.request, "tickets", ticket.id, p.adminTicketComment);
    await addComment(request, "projects", project.id, p.projectComment);
    await createInvoice(admin, customer.company.id, { invoiceNumber: p.invoiceNumber, amount: "99.00", issueDate: "2026-02-01", pdfUrl: "https://files.example/ok.pdf" });
    expect((await request.post("/api/messages", { data: { content: p.message } })).status()).toBe(201);
    expect((await admin.request.post("/api/messages", { data: { companyId: customer.company.id, content: p.adminMessage } })).status()).toBe(201);

    const me = await watchedPage(customer.context);
    // The overview (ADR 035) shows the company, its project, the team's reply on the ticket and message.
    await expectInert(me, "/dashboard/overview", [p.company, p.project, p.ticket, p.adminTicketComment, p.adminMessage]);
    await expectInert(me, "/dashboard", [p.userName, p.company, p.contactName, p.phone, p.address]);
    await expectInert(me, "/dashboard/projects", [p.project, p.projectDescription]);
    await expectInert(me, `/dashboard/projects/${project.slug}`, [p.project, p.projectDescription, p.ticket, p.projectComment, p.userName]);
    await expectInert(me, "/dashboard/tickets", [p.ticket, p.project]);
    await expectInert(me, `/dashboard/tickets/${ticket.id}`, [p.ticket, p.ticketDescription, p.ticketComment, p.adminTicketComment, p.userName]);
    await expectInert(me, "/dashboard/invoices", [p.invoiceNumber]);
    await expectInert(me, "/dashboard/messages", [p.message, p.adminMessage, p.userName]);

    const adminContext = await newClientContext(browser);
    try {
      await signInThroughApi(adminContext.request, E2E_ADMIN);
      const staff = await watchedPage(adminContext);
      // Searched by the run's tag: other specs add customers to the same server meanwhile.
      await expectInert(staff, `/admin/customers?q=${t}`, [p.company, p.contactName]);
      await expectInert(staff, `/admin/customers/${customer.company.id}`, [p.contactName, p.phone, p.address, p.project]);
      await expectInert(staff, `/admin/projects?q=${t}`, [p.project, p.company]);
      await expectInert(staff, `/admin/projects/${project.id}`, [p.project, p.projectDescription, p.ticket]);
      await expectInert(staff, `/admin/tickets?q=${t}`, [p.ticket, p.company, p.project]);
      await expectInert(staff, `/admin/tickets/${ticket.id}`, [p.ticket, p.ticketDescription]);
      await expectInert(staff, `/admin/invoices?q=${t}`, [p.invoiceNumber, p.company]);
      await expectInert(staff, `/admin/messages?company=${customer.company.id}`, [p.company, p.message, p.adminMessage]);
    } finally {
      await adminContext.close();
    }
  });

  test("refuses a PDF URL that is not http(s), so no invoice link can run script", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Link Co ${tag()}`);
    const invoice = await createInvoice(admin, customer.company.id, { invoiceNumber: `LNK-${tag()}`, amount: "1.00", issueDate: "2026-01-01" });
    const hostile = [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "javascript://%0aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/invoice.pdf",
      "https:evil.example",
    ];
    for (const pdfUrl of hostile) {
      const created = await admin.request.post("/api/invoices", {
        data: { companyId: customer.company.id, invoiceNumber: `BAD-${tag()}`, amount: "1.00", issueDate: "2026-01-01", pdfUrl },
      });
      expect(created.status(), `create with ${JSON.stringify(pdfUrl)}`).toBe(400);
      const patched = await admin.request.patch(`/api/invoices/${invoice.id}`, { data: { pdfUrl } });
      expect(patched.status(), `edit to ${JSON.stringify(pdfUrl)}`).toBe(400);
    }
    // No link was stored, so nothing redirects: the PDF served is the one Portico generated.
    const pdf = await customer.context.request.get(`/api/invoices/${invoice.id}/pdf`, { maxRedirects: 0 });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["location"]).toBeUndefined();
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });
});
