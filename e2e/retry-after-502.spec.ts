import { tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { chatLog, conversationOf, messageIn } from "./support/messages-data";

test.describe("a create answered 502 after it was stored", () => {
  test("a message sent during a restart shows once, is stored once, and no error is shown", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Restart Co ${tag()}`, "Riley Restart");
    const { page } = customer;
    const keys: (string | null)[] = [];
    let answered502 = false;
    // The one stub of this test, standing in for the proxy during a restart (docs/testing.md: a
    // failure the real server cannot be made to give): the first send goes through to the real
    // server, which stores it, and the browser is then answered 502 as nginx answers when the
    // process dies before its answer leaves. Every later request reaches the server untouched.
    await page.route("**/api/messages", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      keys.push(request.headers()["idempotency-key"] ?? null);
      if (answered502) return route.fallback();
      answered502 = true;
      const stored = await route.fetch();
      expect(stored.status()).toBe(201);
      await route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" });
    });

    await page.goto("/dashboard/messages");
    const content = `Sent while the server restarts ${tag()}`;
    const input = page.getByRole("textbox", { name: "Message" });
    await input.fill(content);
    await page.getByRole("button", { name: "Send" }).click();

    const log = chatLog(page);
    await expect(messageIn(log, content)).toHaveCount(1);
    await expect(input).toHaveValue("");
    // The retry carried the first request's key, so the server answered it with what it stored.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    const stored = await conversationOf(admin, customer.company.id);
    expect(stored.filter((message) => message.content === content)).toHaveLength(1);
    await expect(page.locator("[data-sonner-toast]").getByText("Failed to send message")).toHaveCount(0);
    // Still exactly one once the conversation is fetched again from the server.
    await page.reload();
    await expect(messageIn(chatLog(page), content)).toHaveCount(1);
  });
});
