import { createProject, failRequests, formatInstantDateInPage, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

test.describe("customer company profile", () => {
  test("creates the company profile, shows its cards, then updates it", async ({ customerPage: page, admin }) => {
    const name = `Acme Works ${tag()}`;
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Company Profile" })).toBeVisible();
    const activeProjects = page.getByRole("region", { name: "Active Projects" }).getByTestId("stat-value");
    const memberSince = page.getByRole("region", { name: "Member Since" }).getByTestId("stat-value");
    await expect(activeProjects).toHaveText("0");
    await expect(memberSince).toHaveText("N/A");

    // Company Name is required; a contact email must be an email when given.
    const save = page.getByRole("button", { name: "Save Changes" });
    await page.getByLabel("Contact Email").fill("not-an-email");
    await save.click();
    await expect(page.getByText("Company name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();

    await page.getByLabel("Company Name").fill(name);
    await page.getByLabel("Contact Name").fill("Casey Contact");
    await page.getByLabel("Contact Email").fill("casey@acme.test");
    await page.getByLabel("Phone Number").fill("+1 555 0100");
    await page.getByLabel("Address").fill("1 Main Street\nSpringfield");

    // Hold the request to see the working state (stubbed: the real server answers too fast to catch it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/companies/mine", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.fallback();
    });
    await save.click();
    const saving = page.getByRole("button", { name: "Saving..." });
    await expect(saving).toBeVisible();
    await expect(saving).toBeDisabled();
    release();
    await expect(page.getByText("Company profile created successfully")).toBeVisible();
    await page.unroute("**/api/companies/mine");

    const mine = await (await page.request.get("/api/companies/mine")).json();
    expect(mine.company.name).toBe(name);
    await expect(memberSince).toHaveText(await formatInstantDateInPage(page, mine.company.createdAt));
    await expect(activeProjects).toHaveText("0");

    // The second save updates the same company.
    await page.getByLabel("Phone Number").fill("+1 555 0199");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Company profile updated successfully")).toBeVisible();

    // With a company too, /dashboard is the spec's Company page (D23); the overview is its own page.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Company Profile" })).toBeVisible();
    await expect(page.getByLabel("Company Name")).toHaveValue(name);
    await expect(page.getByLabel("Contact Name")).toHaveValue("Casey Contact");
    await expect(page.getByLabel("Contact Email")).toHaveValue("casey@acme.test");
    await expect(page.getByLabel("Phone Number")).toHaveValue("+1 555 0199");
    await expect(page.getByLabel("Address")).toHaveValue("1 Main Street\nSpringfield");

    // Active Projects counts only the company's active projects.
    await createProject(admin, mine.company.id, { name: `Active One ${tag()}` });
    await createProject(admin, mine.company.id, { name: `Active Two ${tag()}`, status: "active" });
    await createProject(admin, mine.company.id, { name: `Paused ${tag()}`, status: "on_hold" });
    await createProject(admin, mine.company.id, { name: `Finished ${tag()}`, status: "completed" });
    await page.reload();
    await expect(activeProjects).toHaveText("2");
  });

  test("shows the server message, or the fallback, when saving fails", async ({ customerPage: page }) => {
    await page.goto("/dashboard");
    await page.getByLabel("Company Name").fill(`Failing Co ${tag()}`);

    // Stubbed, as the only way: the server's 409 answers two first saves racing inside one request's
    // lifetime (companies.service.ts), which a browser cannot time, and a healthy server has no 500.
    await failRequests(page, "**/api/companies/mine", { method: "PUT", status: 409, detail: "Your company profile was just created; reload and try again", times: 1 });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your company profile was just created; reload and try again")).toBeVisible();

    await failRequests(page, "**/api/companies/mine", { method: "PUT", status: 500, times: 1 });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Failed to save company profile")).toBeVisible();
    await expect(page.getByRole("region", { name: "Member Since" }).getByTestId("stat-value")).toHaveText("N/A");
  });

  test("without a company, Projects and Invoices show their empty states and Messages asks for the Company Profile, its input disabled", async ({ customerPage: page }) => {
    await page.goto("/dashboard/projects");
    await expect(page.getByRole("heading", { name: "Projects", exact: true })).toBeVisible();
    await expect(page.getByText("No Projects Yet")).toBeVisible();
    await expect(page.getByText("Projects created by the Portico team will appear here")).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Invoices" }).click();
    await expect(page.getByRole("heading", { name: "Invoices", exact: true })).toBeVisible();
    await expect(page.getByText("No Invoices Yet")).toBeVisible();

    await nav.getByRole("link", { name: "Messages" }).click();
    await expect(page.getByRole("heading", { name: "Conversation", exact: true })).toBeVisible();
    await expect(page.getByText("You need to create your Company Profile before sending messages.", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(page.getByText("No messages yet. Start the conversation!")).toHaveCount(0);
    await page.getByRole("link", { name: "Go to Company Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Company Profile" })).toBeVisible();
  });
});
