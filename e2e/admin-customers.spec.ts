import { randomUUID } from "node:crypto";
import { adminCreatesCompany, nextListRequest } from "./support/admin-data";
import {
  adminApi,
  createCompany,
  createProject,
  failRequests,
  formatDateInPage,
  formatInstantDateInPage,
  tag,
  type AdminApi,
} from "./support/customer-data";
import { expect, newClientContext, signUpThroughApi, test } from "./support/fixtures";
import { eventStreamOpened, expectSamePage, markPage } from "./support/messages-data";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

test.describe("admin customers list", () => {
  test("shows each company with contact, email, project and user counts, and N/A where empty", async ({ adminPage: page, browser }) => {
    const t = tag();
    const context = await newClientContext(browser);
    await signUpThroughApi(context.request, "Fiona Full");
    const full = await createCompany(context.request, {
      name: `Full Profile ${t}`,
      contactName: "Fiona Full",
      contactEmail: `fiona-${t}@full.test`,
      phone: "+1 555 0100",
      address: "1 Main Street",
    });
    const bareContext = await newClientContext(browser);
    await signUpThroughApi(bareContext.request, "Bert Bare");
    const bare = await createCompany(bareContext.request, { name: `Bare Profile ${t}` });
    await createProject(admin, full.id, { name: `Alpha ${t}` });
    await createProject(admin, full.id, { name: `Beta ${t}` });

    await page.goto(`/admin?q=${t}`);
    await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText(["Company Name", "Contact", "Email", "Projects", "Users", /^Created/]);
    await expect(page.getByRole("row")).toHaveCount(3);

    const fullRow = page.getByRole("row").filter({ hasText: full.name });
    await expect(fullRow.getByRole("cell")).toHaveText([
      full.name,
      "Fiona Full",
      `fiona-${t}@full.test`,
      "2",
      "1",
      await formatInstantDateInPage(page, full.createdAt),
    ]);
    const bareRow = page.getByRole("row").filter({ hasText: bare.name });
    await expect(bareRow.getByRole("cell")).toHaveText([bare.name, "N/A", "N/A", "0", "1", await formatInstantDateInPage(page, bare.createdAt)]);
    await expect(page.getByText("No Customers Yet")).toHaveCount(0);

    await fullRow.getByRole("link", { name: full.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${full.id}$`));
    await context.close();
    await bareContext.close();
  });

  test("searches by company name through ?q= and clears the search", async ({ adminPage: page, browser }) => {
    const t = tag();
    const context = await newClientContext(browser);
    await signUpThroughApi(context.request);
    const company = await createCompany(context.request, { name: `Searchable ${t}` });

    await page.goto("/admin");
    const search = page.getByRole("searchbox", { name: "Search customers" });
    await search.fill(`searchable ${t}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=searchable(\\+|%20)${t}`));
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("link", { name: company.name })).toBeVisible();

    await search.fill(`nothing-like-${t}`);
    await expect(page.getByText("No matching customers")).toBeVisible();
    await expect(page.getByText("No Customers Yet")).toHaveCount(0);

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(search).toHaveValue("");
    await context.close();
  });

  test("asks the server for the first page, newest first, by default, then pages and sorts on the server, keeping the state in the URL", async ({ adminPage: page }) => {
    // One page of the server's (50 rows) and five more, all this test's own: the search keeps
    // every other test's companies out of the list.
    const prefix = `Paged ${tag()}`;
    const created: string[] = [];
    for (let i = 1; i <= 55; i++) {
      const company = await adminCreatesCompany(admin, `${prefix} ${String(i).padStart(2, "0")}`);
      created.push(company.name);
    }
    const newestFirst = [...created].reverse();
    const listed = page.getByRole("table").getByRole("row").getByRole("link");

    // Nothing in the address but the search: the screen asks for the defaults.
    const request = nextListRequest(page, "companies");
    await page.goto(`/admin?q=${encodeURIComponent(prefix)}`);
    const url = new URL((await request).url());
    expect(url.searchParams.get("page")).toBe("1");
    expect(url.searchParams.get("sort")).toBe("desc");
    const pager = page.getByRole("navigation", { name: "Customers pages" });
    await expect(pager.getByText("Page 1 of 2")).toBeVisible();
    await expect(pager.getByText("55 results")).toBeVisible();
    await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(listed).toHaveText(newestFirst.slice(0, 50));

    await pager.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByText("Page 2 of 2")).toBeVisible();
    await expect(listed).toHaveText(newestFirst.slice(50));

    await page.getByRole("button", { name: /Created/ }).click();
    await expect(page).toHaveURL(/[?&]sort=asc/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(listed).toHaveText(created.slice(0, 50));

    await page.goBack();
    await expect(pager.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "descending");
    await expect(listed).toHaveText(newestFirst.slice(50));
  });
});

test.describe("admin New Customer", () => {
  test("creates a company with the profile form's checks and toasts, then opens its page", async ({ adminPage: page }) => {
    const t = tag();
    const name = `Onboarded ${t}`;
    await page.goto("/admin");
    await page.getByRole("button", { name: "New Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "New Customer" });
    await expect(dialog.getByLabel("Company Name")).toHaveValue("");

    await dialog.getByLabel("Contact Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expect(dialog.getByText("Company name is required")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Company Name").fill(name);
    await dialog.getByLabel("Contact Name").fill("Nora New");
    await dialog.getByLabel("Contact Email").fill(`nora-${t}@onboarded.test`);
    await dialog.getByLabel("Phone Number").fill("+1 555 0142");
    await dialog.getByLabel("Address").fill("42 Harbour Road");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Company profile created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Nora New")).toBeVisible();
    await expect(page.getByText(`nora-${t}@onboarded.test`)).toBeVisible();
    await expect(page.getByText("+1 555 0142")).toBeVisible();
    await expect(page.getByText("42 Harbour Road")).toBeVisible();
    await expect(page.getByText("No Projects Yet")).toBeVisible();

    // Listed like any customer, with nobody belonging to it yet.
    await page.goto(`/admin?q=${t}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("cell").nth(1)).toHaveText("Nora New");
    await expect(row.getByRole("cell").nth(2)).toHaveText(`nora-${t}@onboarded.test`);
    await expect(row.getByRole("cell").nth(3)).toHaveText("0");
    await expect(row.getByRole("cell").nth(4)).toHaveText("0");
  });

  test("says 'Failed to save company profile', or the server's message, when the create fails", async ({ adminPage: page }) => {
    // Stubbed, as the only way: the form checks what the server checks (the same shared schema), so
    // the real server refuses no company the form lets through, and it has no failure to ask for.
    // Playwright tries the last registered route first: the 400 answers the first attempt, the 500 the second.
    await failRequests(page, /\/api\/companies$/, { method: "POST", status: 500, times: 1 });
    await failRequests(page, /\/api\/companies$/, { method: "POST", status: 400, detail: "The name is not allowed", times: 1 });
    await page.goto("/admin");
    await page.getByRole("button", { name: "New Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "New Customer" });
    await dialog.getByLabel("Company Name").fill(`Never Saved ${tag()}`);
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("The name is not allowed")).toBeVisible();
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Failed to save company profile")).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});

test.describe("admin customer detail", () => {
  test("shows the company's contact details and its projects, linking by id", async ({ adminPage: page, browser }) => {
    const t = tag();
    const context = await newClientContext(browser);
    await signUpThroughApi(context.request);
    const company = await createCompany(context.request, {
      name: `Detail Co ${t}`,
      contactName: "Dana Detail",
      contactEmail: `dana-${t}@detail.test`,
      phone: "+44 20 7946 0000",
      address: "221B Baker Street",
    });
    const project = await createProject(admin, company.id, { name: `Detail Project ${t}`, status: "on_hold", startDate: "2026-02-03" });

    await page.goto(`/admin/customers/${company.id}`);
    await expect(page.getByRole("heading", { name: company.name, level: 1 })).toBeVisible();
    await expect(page.getByText("Company Information")).toBeVisible();
    await expect(page.getByText("Dana Detail")).toBeVisible();
    await expect(page.getByText(`dana-${t}@detail.test`)).toBeVisible();
    await expect(page.getByText("+44 20 7946 0000")).toBeVisible();
    await expect(page.getByText("221B Baker Street")).toBeVisible();

    const row = page.getByRole("row").filter({ hasText: project.name });
    await expect(row.getByRole("cell")).toHaveText([
      project.name,
      "On hold",
      "Unassigned",
      await formatDateInPage(page, "2026-02-03"),
      await formatInstantDateInPage(page, project.createdAt),
    ]);
    await expect(row.getByRole("link", { name: project.name })).toHaveAttribute("href", `/admin/projects/${project.id}`);
    await context.close();
  });

  test("edits the company with the profile form's checks and toasts, and the customer's open Company page follows", async ({ adminPage: page, browser }) => {
    const t = tag();
    const context = await newClientContext(browser);
    await signUpThroughApi(context.request);
    const company = await createCompany(context.request, { name: `Before ${t}`, contactName: "Old Contact", phone: "+1 555 0000" });
    const companyPage = await context.newPage();
    const stream = eventStreamOpened(companyPage);
    await companyPage.goto("/dashboard");
    await expect(companyPage.getByLabel("Company Name")).toHaveValue(`Before ${t}`);
    await stream;
    await markPage(companyPage);

    await page.goto(`/admin/customers/${company.id}`);
    await page.getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Customer" });
    await expect(dialog.getByLabel("Company Name")).toHaveValue(`Before ${t}`);
    await expect(dialog.getByLabel("Contact Name")).toHaveValue("Old Contact");
    await expect(dialog.getByLabel("Phone Number")).toHaveValue("+1 555 0000");

    await dialog.getByLabel("Company Name").fill("   ");
    await dialog.getByLabel("Contact Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Company name is required")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Company Name").fill(`After ${t}`);
    await dialog.getByLabel("Contact Name").fill("New Contact");
    await dialog.getByLabel("Contact Email").fill(`new-${t}@after.test`);
    await dialog.getByLabel("Phone Number").fill("");
    await dialog.getByLabel("Address").fill("7 Corrected Lane");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Company profile updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: `After ${t}`, level: 1 })).toBeVisible();
    await expect(page.getByText("New Contact")).toBeVisible();
    await expect(page.getByText("7 Corrected Lane")).toBeVisible();

    // The customer's Company page shows the admin's edit without a reload.
    await expect(companyPage.getByLabel("Company Name")).toHaveValue(`After ${t}`);
    await expect(companyPage.getByLabel("Contact Name")).toHaveValue("New Contact");
    await expect(companyPage.getByLabel("Contact Email")).toHaveValue(`new-${t}@after.test`);
    await expect(companyPage.getByLabel("Phone Number")).toHaveValue("");
    await expect(companyPage.getByLabel("Address")).toHaveValue("7 Corrected Lane");
    await expectSamePage(companyPage);
    await context.close();
  });

  test("creates projects through 'New Project', active with no start date by default or with a chosen status and start date, and says 'Failed to create project' when the server refuses", async ({
    adminPage: page,
  }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `New Project Co ${t}`);

    await page.goto(`/admin/customers/${company.id}`);
    await expect(page.getByText("No Projects Yet")).toBeVisible();
    await page.getByRole("button", { name: "New Project" }).click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await expect(dialog.getByLabel("Status")).toHaveValue("active");
    await expect(dialog.getByLabel("Status").locator("option")).toHaveText(["Active", "On hold", "Completed"]);
    await expect(dialog.getByLabel("Start Date")).toHaveValue("");

    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(dialog.getByText("Project name is required")).toBeVisible();

    await dialog.getByLabel("Project Name").fill(`Launch ${t}`);
    await dialog.getByLabel("Description").fill("A brand new website");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Project created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: `Launch ${t}` });
    await expect(row.getByRole("cell").nth(1)).toHaveText("Active");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Unassigned");
    await expect(row.getByRole("cell").nth(3)).toHaveText("N/A");

    const listed = await admin.request.get(`/api/projects?companyId=${company.id}`);
    const [created] = (await listed.json()).items;
    expect(created).toMatchObject({ name: `Launch ${t}`, description: "A brand new website", status: "active", startDate: null });
    await expect(row.getByRole("link", { name: `Launch ${t}` })).toHaveAttribute("href", `/admin/projects/${created.id}`);

    // A chosen status and start date.
    await page.getByRole("button", { name: "New Project" }).click();
    await dialog.getByLabel("Project Name").fill(`Dated ${t}`);
    await dialog.getByLabel("Status").selectOption("completed");
    await dialog.getByLabel("Start Date").fill("2026-04-05");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(dialog).toBeHidden();
    const dated = page.getByRole("row").filter({ hasText: `Dated ${t}` });
    await expect(dated.getByRole("cell").nth(1)).toHaveText("Completed");
    await expect(dated.getByRole("cell").nth(3)).toHaveText(await formatDateInPage(page, "2026-04-05"));

    // The server fails the next one (stubbed: a healthy server has no 500 to ask for): the dialog
    // stays open with the toast.
    await failRequests(page, /\/api\/projects$/, { method: "POST", status: 500, detail: "Something broke" });
    await page.getByRole("button", { name: "New Project" }).click();
    await dialog.getByLabel("Project Name").fill("Never saved");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Failed to create project", { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();

    // The customers list counts the two it stored.
    await page.goto(`/admin?q=${t}`);
    await expect(page.getByRole("row").filter({ hasText: company.name }).getByRole("cell").nth(3)).toHaveText("2");
  });

  test("shows 'Customer not found' for an unknown or malformed id, and says 'Failed to load customer data' when loading fails", async ({ adminPage: page }) => {
    await page.goto(`/admin/customers/${randomUUID()}`);
    await expect(page.getByText("Customer not found")).toBeVisible();
    await expect(page.getByText("Failed to load customer data")).toHaveCount(0);
    await page.goto("/admin/customers/not-an-id");
    await expect(page.getByText("Customer not found")).toBeVisible();
    await page.getByRole("link", { name: "Back to Customers" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const id = randomUUID();
    await failRequests(page, new RegExp(`/api/companies/${id}$`), { method: "GET", status: 500 });
    await page.goto(`/admin/customers/${id}`);
    await expect(page.locator("[data-sonner-toast]").getByText("Failed to load customer data")).toBeVisible();
    await expect(page.getByRole("alert").getByText("Failed to load customer data")).toBeVisible();
  });
});
