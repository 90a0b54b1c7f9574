import { failRequests, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { companiesWithCustomers, conversationCard, conversationOf, messageIn, sendMessage } from "./support/messages-data";

const conversationsUrl = /\/api\/messages\/conversations(\?.*)?$/;

test.describe("admin messages", () => {
  test("starts a conversation after checking the input", async ({ adminPage: page, browser, admin }) => {
    const t = tag();
    const [customer] = await companiesWithCustomers(browser, [`Hello Co ${t}`]);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { name: "Customer Messages", level: 1 })).toBeVisible();
    const send = page.getByRole("button", { name: "Send" }).first();
    const company = page.getByLabel("Company", { exact: true });
    const message = page.getByLabel("Message", { exact: true });

    // Neither, only a company, only a message: the same toast each time.
    const invalid = page.getByText("Please select a company and enter a message", { exact: true });
    const expectRefused = async () => {
      await send.click();
      await expect(invalid).toBeVisible();
      await page.getByRole("button", { name: "Close toast" }).click();
      await expect(invalid).toHaveCount(0);
    };
    await expectRefused();
    await company.selectOption({ label: customer!.company.name });
    await message.fill("   ");
    await expectRefused();
    await company.selectOption({ label: "Select a company" });
    await message.fill("Welcome aboard!");
    await expectRefused();
    expect((await conversationOf(admin, customer!.company.id)).length).toBe(0);

    await company.selectOption({ label: customer!.company.name });
    await send.click();
    await expect(page.getByText("Message sent successfully", { exact: true })).toBeVisible();
    await expect(message).toHaveValue("");
    await expect(company).toHaveValue("");

    // Its conversation card shows the message, from the team, on the right.
    const card = conversationCard(page, customer!.company.name);
    await expect(messageIn(card, "Welcome aboard!")).toHaveAttribute("data-sender", "team");
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(t);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card.getByRole("link", { name: customer!.company.name })).toHaveAttribute("href", `/admin/customers/${customer!.company.id}`);

    const stored = await conversationOf(admin, customer!.company.id);
    expect(stored.map((m) => [m.content, m.sender?.isAdmin])).toEqual([["Welcome aboard!", true]]);
    await customer!.context.close();
  });

  test("shows the unread count of customer messages and clears it on reply", async ({ adminPage: page, browser, admin }) => {
    const t = tag();
    const [customer] = await companiesWithCustomers(browser, [`Unread Co ${t}`]);
    await sendMessage(customer!.request, "First question");
    await sendMessage(customer!.request, "Second question");

    await page.goto(`/admin/messages?q=${t}`);
    const card = conversationCard(page, customer!.company.name);
    await expect(card.getByTestId("unread-count")).toHaveText("2 unread");
    await expect(card.getByRole("listitem")).toHaveCount(2);
    await expect(card.getByRole("listitem").first()).toContainText("First question");
    await expect(card.getByRole("listitem").first()).toHaveAttribute("data-sender", "customer");

    // An empty reply is refused with a toast.
    const reply = card.getByRole("textbox", { name: `Reply to ${customer!.company.name}` });
    await card.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Please enter a message", { exact: true })).toBeVisible();
    await expect(card.getByTestId("unread-count")).toHaveText("2 unread");

    await reply.fill("Answers are on the way");
    await reply.press("Enter");
    await expect(page.getByText("Message sent successfully", { exact: true })).toBeVisible();
    await expect(reply).toHaveValue("");
    await expect(messageIn(card, "Answers are on the way")).toHaveAttribute("data-sender", "team");
    await expect(card.getByTestId("unread-count")).toHaveCount(0);
    expect((await conversationOf(admin, customer!.company.id)).every((m) => m.isRead || m.sender?.isAdmin)).toBe(true);

    // A new customer message shows up live as unread; "Mark as read" clears it.
    await sendMessage(customer!.request, "Third question");
    await expect(messageIn(card, "Third question")).toBeVisible();
    await expect(card.getByTestId("unread-count")).toHaveText("1 unread");
    await card.getByRole("button", { name: "Mark as read" }).click();
    await expect(card.getByTestId("unread-count")).toHaveCount(0);
    await customer!.context.close();
  });

  test("pages and searches conversations by latest activity and opens a whole conversation", async ({ adminPage: page, browser, admin }) => {
    // Eleven sign-ups (scrypt each) take a while on a busy machine.
    test.slow();
    const t = tag();
    const names = Array.from({ length: 11 }, (_, i) => `Paging ${t} ${String(i + 1).padStart(2, "0")}`);
    const customers = await companiesWithCustomers(browser, names);
    // Activity order: 01 first ... 11 last.
    for (const customer of customers) await sendMessage(customer.request, `Hi from ${customer.company.name}`);
    // 01 has more than a card shows: 12 messages in all.
    const first = customers[0]!;
    for (let i = 2; i <= 11; i++) await sendMessage(admin.request, `Note ${i}`, first.company.id);
    await sendMessage(first.request, `Latest from ${first.company.name}`);

    await page.goto("/admin/messages");
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(`Paging ${t}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Paging`));
    const cards = page.getByRole("article");
    // 01 wrote last, so it leads now; then 11 down to 03; 02 is alone on page 2.
    await expect(cards).toHaveCount(10);
    await expect(cards.first().getByRole("heading")).toHaveText(names[0]!);
    await expect(cards.nth(1).getByRole("heading")).toHaveText(names[10]!);
    await expect(cards.last().getByRole("heading")).toHaveText(names[2]!);
    const pager = page.getByRole("navigation", { name: "Conversation pages" });
    await expect(pager).toContainText("11 results");
    await expect(pager).toContainText("Page 1 of 2");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole("heading")).toHaveText(names[1]!);
    await pager.getByRole("button", { name: "Previous" }).click();

    // The card of 01 shows its newest 10 messages; "Show all" loads the other 2.
    const card = conversationCard(page, names[0]!);
    await expect(card.getByRole("listitem")).toHaveCount(10);
    await expect(card.getByTestId("unread-count")).toHaveText("2 unread");
    await card.getByRole("button", { name: "Show all 12 messages" }).click();
    await expect(card.getByRole("listitem")).toHaveCount(12);
    await expect(card.getByRole("listitem").first()).toContainText(`Hi from ${names[0]}`);
    await expect(card.getByRole("listitem").last()).toContainText(`Latest from ${names[0]}`);
    // Opening the whole conversation reads it.
    await expect(card.getByTestId("unread-count")).toHaveCount(0);

    // A search that matches nothing says so.
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(`Nobody ${t}`);
    await expect(page.getByText("No matching conversations")).toBeVisible();
    await Promise.all(customers.map((customer) => customer.context.close()));
  });

  test("toasts 'Error sending message' with the server's message", async ({ adminPage: page, browser }) => {
    const [customer] = await companiesWithCustomers(browser, [`Refused Co ${tag()}`]);
    await sendMessage(customer!.request, "Anyone there?");
    await page.goto(`/admin/messages?q=${encodeURIComponent(customer!.company.name)}`);
    const card = conversationCard(page, customer!.company.name);
    await failRequests(page, "**/api/messages", { method: "POST", status: 404, detail: "Company not found" });
    const reply = card.getByRole("textbox", { name: `Reply to ${customer!.company.name}` });
    await reply.fill("Hello?");
    await card.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Error sending message: Company not found", { exact: true })).toBeVisible();
    await expect(reply).toHaveValue("Hello?");
    await customer!.context.close();
  });

  test("toasts 'Error fetching messages' when the conversations cannot be loaded", async ({ adminPage: page }) => {
    await failRequests(page, conversationsUrl, { method: "GET", status: 500 });
    await page.goto("/admin/messages");
    await expect(page.getByText("Error fetching messages", { exact: true })).toBeVisible();
    await expect(page.getByText("Could not load the conversations.")).toBeVisible();
  });

});
