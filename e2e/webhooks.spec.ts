import { createServer, type IncomingMessage } from "node:http";
import { Webhook } from "standardwebhooks";
import { openMoreSection } from "./support/admin-data";
import { adminApi, createProject, createTicket, customerWithCompany, tag } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A customer's system: a real HTTP server on 127.0.0.1 that keeps what it receives. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/portico`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe("webhooks", () => {
  test("an admin registers an endpoint, sees its secret once, and sees a customer's new ticket delivered, signed", async ({ browser, adminPage: page }) => {
    const receiver = await startReceiver();
    const companyName = `Hooked ${tag()}`;
    const customer = await customerWithCompany(browser, companyName);
    const admin = await adminApi(browser);
    try {
      const project = await createProject(admin, customer.company.id, { name: "Hooked site" });

      await page.goto("/admin");
      await openMoreSection(page, "Webhooks");
      await expect(page).toHaveURL(/\/admin\/webhooks$/);
      await page.getByRole("button", { name: "Register webhook" }).click();
      const dialog = page.getByRole("dialog", { name: "Register webhook" });
      await dialog.getByLabel("URL").fill(receiver.url);
      await dialog.getByLabel("Description").fill("Our CRM");
      await dialog.getByLabel("ticket.created").check();
      await dialog.getByRole("searchbox", { name: "Filter companies" }).fill(companyName);
      await dialog.getByRole("combobox").selectOption({ label: companyName });
      await dialog.getByRole("button", { name: "Register" }).click();

      const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
      const secretInput = secretDialog.getByLabel("Signing secret");
      await expect(secretInput).toHaveValue(/^whsec_/);
      const secret = await secretInput.inputValue();
      await secretDialog.getByRole("button", { name: "Done" }).click();
      await expect(page.getByText(secret)).toHaveCount(0);
      const item = page.getByRole("listitem", { name: `Webhook ${receiver.url}` });
      await expect(item.getByText(`${companyName} only`)).toBeVisible();

      const ticket = await createTicket(customer.context.request, { projectId: project.id, title: "Hooked ticket" });
      await item.getByRole("button", { name: "Deliveries" }).click();
      const delivery = item.getByRole("listitem", { name: "ticket.created delivery" });
      await expect(delivery.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(delivery.getByText("200", { exact: true })).toBeVisible();

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request!.headers[name])]));
      expect(new Webhook(secret).verify(request!.body, headers)).toMatchObject({ type: "ticket.created", data: { ticketId: ticket.id, companyId: customer.company.id } });
    } finally {
      await customer.context.close();
      await admin.close();
      await receiver.close();
    }
  });
});
