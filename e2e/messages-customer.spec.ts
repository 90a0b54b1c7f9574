import { E2E_ADMIN } from "./support/constants";
import { failRequests, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { chatLog, conversationOf, messageIn, sendMessage } from "./support/messages-data";

test.describe("customer messages", () => {
  test("shows the empty conversation, ignores blank messages and clears the input after sending", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Chat Co ${tag()}`, "Casey Chat");
    const { page } = customer;
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/messages")) sent.push(request.postData() ?? "");
    });

    await page.goto("/dashboard/messages");
    const panel = page.getByRole("region", { name: "Conversation", exact: true });
    await expect(panel.getByRole("heading", { name: "Conversation", exact: true })).toBeVisible();
    await expect(panel.getByText("No messages yet. Start the conversation!", { exact: true })).toBeVisible();
    // The panel is 600px high (spec section 9).
    expect((await panel.boundingBox())?.height).toBe(600);

    const input = page.getByRole("textbox", { name: "Message" });
    const send = page.getByRole("button", { name: "Send" });
    await expect(input).toBeEnabled();

    // Blank: nothing is sent, by button or by Enter.
    await input.fill("   ");
    await send.click();
    await input.press("Enter");
    await expect(page.getByText("No messages yet. Start the conversation!", { exact: true })).toBeVisible();
    expect(sent).toEqual([]);

    // Enter sends; the input is cleared; the message is the customer's own, on the right.
    await input.fill("Hello, we have a question about the launch");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    const log = chatLog(page);
    const first = messageIn(log, "Hello, we have a question about the launch");
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute("data-sender", "own");
    await expect(first).toContainText("Casey Chat");
    await expect(first.locator("[aria-hidden]").first()).toHaveText("C");
    await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByText("No messages yet. Start the conversation!")).toHaveCount(0);

    // Shift+Enter is a new line; the Send button sends too.
    await input.fill("Line one");
    await input.press("Shift+Enter");
    await input.pressSequentially("Line two");
    await expect(input).toHaveValue("Line one\nLine two");
    await send.click();
    await expect(input).toHaveValue("");
    await expect(messageIn(log, "Line two")).toHaveCount(1);
    expect(sent).toHaveLength(2);
    // Every send carries a client id (idempotent retries).
    for (const body of sent) expect(JSON.parse(body).id).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await conversationOf(admin, customer.company.id);
    expect(stored.map((message) => message.content)).toEqual(["Hello, we have a question about the launch", "Line one\nLine two"]);
  });

  test("shows the team's messages on the left and marks them read when the conversation loads", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Read Co ${tag()}`, "Rita Reader");
    const own = await sendMessage(customer.context.request, "Is the invoice ready?");
    const reply = await sendMessage(admin.request, "Yes, it is in your Invoices", customer.company.id);
    expect(reply.isRead).toBe(false);

    const { page } = customer;
    await page.goto("/dashboard/messages");
    const log = chatLog(page);
    await expect(log.getByRole("listitem")).toHaveCount(2);
    // Oldest first.
    await expect(log.getByRole("listitem").first()).toContainText(own.content);
    const fromTeam = messageIn(log, reply.content);
    await expect(fromTeam).toHaveAttribute("data-sender", "other");
    await expect(fromTeam).toContainText(E2E_ADMIN.name);
    await expect(fromTeam.locator("[aria-hidden]").first()).toHaveText(E2E_ADMIN.name.charAt(0));

    // The team's message is read now; the customer's own one is left for the team to read.
    await expect
      .poll(async () => (await conversationOf(admin, customer.company.id)).map((message) => [message.content, message.isRead]))
      .toEqual([
        [own.content, false],
        [reply.content, true],
      ]);
  });

  test("toasts 'Failed to send message', keeps the text, and a retry stores the message once", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Flaky Co ${tag()}`);
    const { page } = customer;
    await page.goto("/dashboard/messages");
    const input = page.getByRole("textbox", { name: "Message" });

    // Every attempt fails: the toast shows and nothing typed is lost.
    await failRequests(page, "**/api/messages", { method: "POST", status: 500 });
    await input.fill("Please call me back");
    await input.press("Enter");
    await expect(page.getByText("Failed to send message", { exact: true })).toBeVisible();
    await expect(input).toHaveValue("Please call me back");
    await page.unrouteAll();

    // The server stores the message but the answer is lost: the automatic retry reuses the id.
    let lost = 0;
    await page.route("**/api/messages", async (route) => {
      if (route.request().method() !== "POST" || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.fulfill({ status: 502, body: "" });
    });
    await page.getByRole("button", { name: "Send" }).click();
    await expect(input).toHaveValue("");
    await expect(messageIn(chatLog(page), "Please call me back")).toHaveCount(1);
    expect(lost).toBe(1);
    const stored = await conversationOf(admin, customer.company.id);
    expect(stored.filter((message) => message.content === "Please call me back")).toHaveLength(1);
  });
});
