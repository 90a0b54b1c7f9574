import { tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { chatLog, eventStreamOpened, expectSamePage, inboxRow, markPage, messageIn, openConversation, unreadCountOf } from "./support/messages-data";

test.describe("live chat", () => {
  test("a customer and an admin chat both ways and each sees the other's message without reloading", async ({ adminPage, newCustomer }) => {
    const customer = await newCustomer(`Live Chat Co ${tag()}`, "Lee Live");
    const company = customer.company.name;

    const customerStream = eventStreamOpened(customer.page);
    await customer.page.goto("/dashboard/messages");
    await expect(customer.page.getByText("No messages yet. Start the conversation!")).toBeVisible();
    await customerStream;

    // The admin watches a search for this company: nothing yet.
    const adminStream = eventStreamOpened(adminPage);
    await adminPage.goto(`/admin/messages?q=${encodeURIComponent(company)}`);
    await expect(adminPage.getByText("No matching conversations")).toBeVisible();
    await adminStream;
    await markPage(customer.page);
    await markPage(adminPage);

    // Customer -> admin: the conversation appears in the admin's open list, unread; opening it reads it.
    const input = customer.page.getByRole("textbox", { name: "Message" });
    await input.fill("Hi team, is the staging site up?");
    await input.press("Enter");
    const row = inboxRow(adminPage, company);
    await expect(row).toContainText("Hi team, is the staging site up?");
    await expect(unreadCountOf(row)).toHaveText("1 unread");
    await row.click();
    const card = openConversation(adminPage, company);
    await expect(messageIn(card, "Hi team, is the staging site up?")).toHaveAttribute("data-sender", "customer");
    await expect(unreadCountOf(row)).toHaveCount(0);

    // Admin -> customer: the reply appears in the customer's open chat, on the left.
    const reply = card.getByRole("textbox", { name: `Reply to ${company}` });
    await reply.fill("Yes, since this morning.");
    await reply.press("Enter");
    await expect(adminPage.getByText("Message sent successfully")).toBeVisible();
    const log = chatLog(customer.page);
    await expect(messageIn(log, "Yes, since this morning.")).toHaveAttribute("data-sender", "other");
    await expect(messageIn(log, "Hi team, is the staging site up?")).toHaveAttribute("data-sender", "own");

    // And once more each way, to be sure the streams stay up.
    await input.fill("Great, thanks!");
    await input.press("Enter");
    await expect(messageIn(card, "Great, thanks!")).toBeVisible();
    await reply.fill("Anytime.");
    await reply.press("Enter");
    await expect(messageIn(log, "Anytime.")).toBeVisible();
    await expect(log.getByRole("listitem")).toHaveCount(4);
    await expect(card.getByRole("listitem")).toHaveCount(4);

    await expectSamePage(customer.page);
    await expectSamePage(adminPage);
  });
});
