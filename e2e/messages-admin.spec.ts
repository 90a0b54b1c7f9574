import { MESSAGE_MAX_LENGTH, messageMessages } from "@/shared/rules/message";
import { failRequests, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import {
  companiesWithCustomers,
  companiesWithTeamMessages,
  conversationOf,
  eventStreamOpened,
  inboxList,
  inboxRow,
  messageIn,
  openConversation,
  sendMessage,
  unreadCountOf,
} from "./support/messages-data";

const conversationsUrl = /\/api\/messages\/conversations(\?.*)?$/;

test.describe("admin messages", () => {
  test("starts a conversation after checking the input, and opens it", async ({ adminPage: page, browser, admin }) => {
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

    // The new conversation opens: the message from the team, on the right; its row is the current one.
    await expect(page).toHaveURL(new RegExp(`[?&]company=${customer!.company.id}`));
    const thread = openConversation(page, customer!.company.name);
    await expect(messageIn(thread, "Welcome aboard!")).toHaveAttribute("data-sender", "team");
    await expect(thread.getByRole("link", { name: customer!.company.name })).toHaveAttribute("href", `/admin/customers/${customer!.company.id}`);
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(t);
    await expect(inboxList(page).getByRole("link")).toHaveCount(1);
    await expect(inboxRow(page, customer!.company.name)).toHaveAttribute("aria-current", "true");
    await expect(inboxRow(page, customer!.company.name)).toContainText("Team: Welcome aboard!");

    const stored = await conversationOf(admin, customer!.company.id);
    expect(stored.map((m) => [m.content, m.sender?.isAdmin])).toEqual([["Welcome aboard!", true]]);
    await customer!.context.close();
  });

  test("opens a conversation from the list, replies, and the unread count drops live in another admin's tab", async ({ adminPage: page, browser, admin }) => {
    const t = tag();
    const [customer] = await companiesWithCustomers(browser, [`Unread Co ${t}`]);
    const name = customer!.company.name;
    await sendMessage(customer!.request, "First question");
    await sendMessage(customer!.request, "Second question");

    // Another admin watches the same list in a tab of their own.
    const other = await page.context().newPage();
    const otherStream = eventStreamOpened(other);
    await other.goto(`/admin/messages?q=${t}`);
    await otherStream;
    await expect(unreadCountOf(inboxRow(other, name))).toHaveText("2 unread");

    await page.goto(`/admin/messages?q=${t}`);
    const row = inboxRow(page, name);
    await expect(unreadCountOf(row)).toHaveText("2 unread");
    await expect(row).toContainText("Second question");
    await expect(row).not.toHaveAttribute("aria-current", "true");
    await row.click();

    // The thread opens beside the list, oldest first, and opening it reads the customer's messages.
    await expect(page).toHaveURL(new RegExp(`[?&]company=${customer!.company.id}`));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${t}`));
    await expect(row).toHaveAttribute("aria-current", "true");
    const thread = openConversation(page, name);
    await expect(thread.getByRole("listitem")).toHaveCount(2);
    await expect(thread.getByRole("listitem").first()).toContainText("First question");
    await expect(thread.getByRole("listitem").first()).toHaveAttribute("data-sender", "customer");
    await expect(unreadCountOf(row)).toHaveCount(0);
    await expect(unreadCountOf(inboxRow(other, name))).toHaveCount(0);
    await expect.poll(async () => (await conversationOf(admin, customer!.company.id)).every((m) => m.isRead)).toBe(true);

    // An empty reply is refused with a toast; a reply is sent and shown, the box cleared.
    const reply = thread.getByRole("textbox", { name: `Reply to ${name}` });
    await thread.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Please enter a message", { exact: true })).toBeVisible();
    await reply.fill("Answers are on the way");
    await reply.press("Enter");
    await expect(page.getByText("Message sent successfully", { exact: true })).toBeVisible();
    await expect(reply).toHaveValue("");
    await expect(messageIn(thread, "Answers are on the way")).toHaveAttribute("data-sender", "team");
    await expect(inboxRow(other, name)).toContainText("Team: Answers are on the way");

    // A customer message arriving while the conversation is open shows up in it and is read at once;
    // the other tab sees the new last message and no unread count once it has been read.
    await sendMessage(customer!.request, "Third question");
    await expect(messageIn(thread, "Third question")).toHaveAttribute("data-sender", "customer");
    await expect(inboxRow(other, name)).toContainText("Third question");
    // (The team's reply stays unread until the customer opens their chat.)
    await expect
      .poll(async () => (await conversationOf(admin, customer!.company.id)).filter((m) => !m.sender?.isAdmin).map((m) => [m.content, m.isRead]))
      .toEqual([
        ["First question", true],
        ["Second question", true],
        ["Third question", true],
      ]);
    await expect(unreadCountOf(inboxRow(other, name))).toHaveCount(0);
    await other.close();
    await customer!.context.close();
  });

  test("keeps the open conversation, the search and the order in the URL across a reload", async ({ adminPage: page, browser, admin }) => {
    const t = tag();
    // Activity order: A, then B (both customers, unread), then C (the team's message, nothing unread).
    const [a, b] = await companiesWithCustomers(browser, [`Order ${t} A`, `Order ${t} B`]);
    await sendMessage(a!.request, "From A");
    await sendMessage(b!.request, "From B");
    const [c] = await companiesWithTeamMessages(admin, [`Order ${t} C`]);
    const rows = inboxList(page).getByRole("link");

    await page.goto("/admin/messages");
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(`Order ${t}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Order`));
    await expect(rows).toHaveText([new RegExp(`Order ${t} C`), new RegExp(`Order ${t} B`), new RegExp(`Order ${t} A`)]);
    const order = page.getByRole("group", { name: "Order" });
    await expect(order.getByRole("button", { name: "Newest first" })).toHaveAttribute("aria-pressed", "true");
    await order.getByRole("button", { name: "Unread first" }).click();
    await expect(page).toHaveURL(/[?&]order=unread/);
    await expect(rows).toHaveText([new RegExp(`Order ${t} B`), new RegExp(`Order ${t} A`), new RegExp(`Order ${t} C`)]);
    await inboxRow(page, c!.name).click();
    await expect(openConversation(page, c!.name).getByRole("listitem")).toHaveText([/Hello Order/]);

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search conversations" })).toHaveValue(`Order ${t}`);
    await expect(order.getByRole("button", { name: "Unread first" })).toHaveAttribute("aria-pressed", "true");
    await expect(rows).toHaveText([new RegExp(`Order ${t} B`), new RegExp(`Order ${t} A`), new RegExp(`Order ${t} C`)]);
    await expect(inboxRow(page, c!.name)).toHaveAttribute("aria-current", "true");
    await expect(openConversation(page, c!.name).getByRole("listitem")).toHaveText([/Hello Order/]);

    // A search that matches nothing says so; the open conversation stays open.
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(`Nobody ${t}`);
    await expect(page.getByText("No matching conversations")).toBeVisible();
    await expect(openConversation(page, c!.name)).toBeVisible();
    await Promise.all([a, b].map((customer) => customer!.context.close()));
  });

  test("narrows the list by company name and loads more conversations a page at a time", async ({ adminPage: page, admin }) => {
    const t = tag();
    // One more than a page (30): the team's messages, so no sign-up is needed.
    const names = Array.from({ length: 31 }, (_, i) => `More ${t} ${String(i + 1).padStart(2, "0")}`);
    await companiesWithTeamMessages(admin, names);
    const rows = inboxList(page).getByRole("link");

    await page.goto(`/admin/messages?q=${encodeURIComponent(`More ${t}`)}`);
    await expect(rows).toHaveCount(30);
    await expect(rows.first()).toContainText(names[30]!);
    await expect(page.getByText("Showing 30 of 31")).toBeVisible();
    await page.getByRole("button", { name: "Load more conversations" }).click();
    await expect(rows).toHaveCount(31);
    await expect(rows.last()).toContainText(names[0]!);
    await expect(page.getByRole("button", { name: "Load more conversations" })).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Search conversations" }).fill(`More ${t} 07`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(names[6]!);
  });

  test("moves between conversations with the keyboard", async ({ adminPage: page, admin }) => {
    const t = tag();
    const names = [`Keys ${t} 1`, `Keys ${t} 2`, `Keys ${t} 3`];
    await companiesWithTeamMessages(admin, names);
    await page.goto(`/admin/messages?q=${encodeURIComponent(`Keys ${t}`)}`);
    const rows = inboxList(page).getByRole("link");
    await expect(rows).toHaveCount(3);
    // One tab stop for the list: the first row; the arrows, Home and End move between rows.
    await page.getByRole("button", { name: "Clear search" }).focus();
    await page.keyboard.press("Tab");
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(rows.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(openConversation(page, names[1]!)).toBeVisible();
    await expect(rows.nth(0)).not.toHaveAttribute("aria-current", "true");
  });

  test("shows one pane at a time at phone width: the list, then the conversation with a back control", async ({ adminPage: page, admin }) => {
    const t = tag();
    const [company] = await companiesWithTeamMessages(admin, [`Phone ${t}`]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/messages?q=${encodeURIComponent(company!.name)}`);
    const thread = openConversation(page, company!.name);
    await inboxRow(page, company!.name).click();
    await expect(thread).toBeVisible();
    await expect(messageIn(thread, `Hello ${company!.name}`)).toBeVisible();
    await expect(inboxList(page)).toBeHidden();
    await thread.getByRole("link", { name: "Back to conversations" }).click();
    await expect(inboxRow(page, company!.name)).toBeVisible();
    await expect(thread).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Phone`));
  });

  test("toasts 'Error sending message' with the server's message", async ({ adminPage: page, browser }) => {
    const [customer] = await companiesWithCustomers(browser, [`Refused Co ${tag()}`]);
    await sendMessage(customer!.request, "Anyone there?");
    await page.goto(`/admin/messages?company=${customer!.company.id}`);
    const thread = openConversation(page, customer!.company.name);
    await expect(messageIn(thread, "Anyone there?")).toBeVisible();
    const reply = thread.getByRole("textbox", { name: `Reply to ${customer!.company.name}` });
    // Longer than a message may be: the reply box checks only for text, so the server's 400 refuses it.
    const tooLong = `Hello? ${"x".repeat(MESSAGE_MAX_LENGTH)}`;
    await reply.fill(tooLong);
    await thread.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(`Error sending message: content: ${messageMessages.tooLong}`, { exact: true })).toBeVisible();
    await expect(reply).toHaveValue(tooLong);
    await expect(messageIn(thread, "Anyone there?")).toBeVisible();
    await customer!.context.close();
  });

  test("toasts 'Error fetching messages' when the conversations cannot be loaded", async ({ adminPage: page }) => {
    await failRequests(page, conversationsUrl, { method: "GET", status: 500 });
    await page.goto("/admin/messages");
    await expect(page.getByText("Error fetching messages", { exact: true })).toBeVisible();
    await expect(page.getByText("Could not load the conversations.")).toBeVisible();
  });
});
