import { tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { chatLog, conversationCard, eventStreamOpened, expectSamePage, markPage, messageIn } from "./support/messages-data";

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

    // Customer -> admin: the conversation card appears on the admin's open screen, unread.
    const input = customer.page.getByRole("textbox", { name: "Message" });
    await input.fill("Hi team, is the staging site up?");
    await input.press("Enter");
    const card = conversationCard(adminPage, company);
    await expect(messageIn(card, "Hi team, is the staging site up?")).toHaveAttribute("data-sender", "customer");
    await expect(card.getByTestId("unread-count")).toHaveText("1 unread");

    // Admin -> customer: the reply appears in the customer's open chat, on the left.
    const reply = card.getByRole("textbox", { name: `Reply to ${company}` });
    await reply.fill("Yes, since this morning.");
    await reply.press("Enter");
    await expect(adminPage.getByText("Message sent successfully")).toBeVisible();
    const log = chatLog(customer.page);
    await expect(messageIn(log, "Yes, since this morning.")).toHaveAttribute("data-sender", "other");
    await expect(messageIn(log, "Hi team, is the staging site up?")).toHaveAttribute("data-sender", "own");
    await expect(card.getByTestId("unread-count")).toHaveCount(0);

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
