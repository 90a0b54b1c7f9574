import { createTicket, createProject, setTicketStatus, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { linkIn, mailTo, waitForMail } from "./support/mailbox";
import { eventStreamOpened, sendMessage } from "./support/messages-data";

test.describe("notifications", () => {
  test("the team's chat reply reaches a customer on another page: the bell and Messages show 1 and a mail arrives; clicking through reads it; the mail's unsubscribe link stops mail of that kind, as the account page then shows", async ({
    newCustomer,
    admin,
  }) => {
    const customer = await newCustomer(`Bell Co ${tag()}`, "Bea Bell");
    const { page } = customer;
    const email = customer.credentials.email;
    const stream = eventStreamOpened(page);
    await page.goto("/dashboard/projects");
    await stream;
    const bell = page.getByRole("button", { name: /^Notifications/ });
    const messagesNav = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });
    await expect(bell).toHaveAccessibleName("Notifications");

    // Live, on a page that is not the chat: no reload.
    await sendMessage(admin.request, "Your staging site is ready", customer.company.id);
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    await expect(messagesNav).toHaveAccessibleName("Messages, 1 unread");
    await expect(page).toHaveURL(/\/dashboard\/projects$/);

    const mail = await waitForMail(email);
    expect(mail.subject).toContain("message");
    expect(mail.text).toContain("Your staging site is ready");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/);

    // Clicking through opens the chat and reads both the notification and the message.
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByRole("link", { name: /sent you a message/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(page.getByText("Your staging site is ready")).toBeVisible();
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(messagesNav).toHaveAccessibleName("Messages");

    // The mail's unsubscribe link: no sign-in needed, one confirmation.
    const unsubscribe = await customer.context.browser()!.newContext();
    const stranger = await unsubscribe.newPage();
    await stranger.goto(linkIn(mail, "/unsubscribe"));
    await stranger.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(stranger.getByText(/no longer get emails about messages from the team/i)).toBeVisible();
    await unsubscribe.close();

    // The next message sends no mail. The signal: a ticket's status change, still mailed at once,
    // is written after it and arrives; the message would have been due first.
    await sendMessage(admin.request, "A second message, in the app only", customer.company.id);
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    const project = await createProject(admin, customer.company.id, { name: "Signal" });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: "Signal ticket" });
    await setTicketStatus(admin, ticket.id, "doing");
    const signal = await waitForMail(email, 2);
    expect(signal.text).toContain("Signal ticket");
    expect(mailTo(email).map((m) => m.text.includes("A second message"))).toEqual([false, false]);

    // The account page says what the link did, and changes another kind's delivery.
    await page.goto("/dashboard/account");
    await expect(page.getByLabel("Messages from the team")).toHaveValue("off");
    await page.getByLabel("Ticket status changes").selectOption({ label: "Daily digest" });
    await expect(page.getByText("Email notifications saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Ticket status changes")).toHaveValue("digest");
  });

  test("an admin hears of a customer's new ticket in the bell's panel; opening it from there reads it", async ({ adminPage, newCustomer, admin }) => {
    const customer = await newCustomer(`Ticket Bell Co ${tag()}`, "Tess Ticket");
    const project = await createProject(admin, customer.company.id, { name: "Bell project" });
    const title = `Printer on fire ${tag()}`;
    const stream = eventStreamOpened(adminPage);
    await adminPage.goto("/admin/projects");
    await stream;

    // The admin's account is shared with other tests, so the panel is read rather than the count.
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title });
    const bell = adminPage.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const panel = adminPage.getByRole("dialog", { name: "Notifications" });
    const item = panel.getByRole("link", { name: new RegExp(`opened the ticket ${title}`) });
    await expect(item).toHaveAccessibleName(new RegExp(`^Unread: Tess Ticket opened the ticket ${title}`));
    await item.click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    await adminPage.getByRole("button", { name: /^Notifications/ }).click();
    await expect(panel.getByRole("link", { name: new RegExp(`opened the ticket ${title}`) })).toHaveAccessibleName(new RegExp(`^Tess Ticket opened the ticket ${title}`));
  });
});
