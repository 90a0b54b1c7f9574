import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { expect, test } from "./support/fixtures";
import { freePort } from "./support/free-port";

/*
 * A newcomer's first run: the built server (what `npm start` runs, ADR 007) on a fresh DATA_DIR,
 * without ADMIN_EMAIL or AUTH_SECRET, started here rather than by playwright.config.ts (whose
 * server has an admin from the start). The bundle and the web app are the ones its webServer built.
 */

interface FirstRunServer {
  baseUrl: string;
  /** The setup code as the start-up log printed it. */
  setupCode: string;
  stop(): Promise<void>;
}

async function startFirstRunServer(dataDir: string): Promise<FirstRunServer> {
  const serverDist = process.env.E2E_SERVER_DIST;
  const webDist = process.env.E2E_WEB_DIST;
  if (!serverDist || !webDist) throw new Error("E2E_SERVER_DIST and E2E_WEB_DIST are set by playwright.config.ts");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverDist, "index.mjs")], {
    env: {
      PATH: process.env.PATH ?? "",
      // The same hash cost as the config's server (ADR 014); everything else as a newcomer has it.
      NODE_ENV: "test",
      PASSWORD_HASH_COST: "test-only-weak",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: baseUrl,
      WEB_DIST: webDist,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  let setupCode: string | undefined;
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split("\n")) {
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line) as { event?: string; setupCode?: string };
        if (entry.event === "setup.open") setupCode = entry.setupCode;
        if (entry.event === "server.listening") resolve();
      }
    });
    void exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
  });
  if (!setupCode) throw new Error(`the start-up log printed no setup code:\n${output}`);
  return {
    baseUrl,
    setupCode,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

test.describe("first run in the browser", () => {
  let dataDir: string;
  let server: FirstRunServer;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "portico-e2e-first-run-"));
    server = await startFirstRunServer(dataDir);
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("leads from / to /setup, creates the owner with the code from the log, names the portal, and ends signed in as owner in the admin area; then /setup is a 404 page", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();

    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();

    // A mistyped code is refused under its field, and nothing is created.
    await page.getByLabel("Full Name").fill("Olive Owner");
    await page.getByLabel("Email").fill("olive@northwind.test");
    await page.getByLabel("Password").fill("amber-meadow-4");
    await page.getByLabel("Setup code").fill("AAAA-BBBB-CCCC");
    await page.getByRole("button", { name: "Create owner account" }).click();
    await expect(page.getByText("This is not the setup code. Copy it from the server's log.")).toBeVisible();

    // As typed by hand: lower case, spaces instead of dashes.
    await page.getByLabel("Setup code").fill(server.setupCode.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Create owner account" }).click();

    await expect(page.getByRole("heading", { name: "Name your portal" })).toBeVisible();
    await expect(page.getByLabel("Brand name")).toHaveValue("Portico");
    await page.getByLabel("Brand name").fill("Northwind Studio");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Northwind Studio" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Olive Owner")).toBeVisible();
    await expect(page).toHaveTitle("Northwind Studio");
    const me = await page.request.get("/api/me");
    expect(await me.json()).toMatchObject({ email: "olive@northwind.test", role: "admin" });

    await page.goto("/setup");
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    expect((await page.request.get("/api/setup")).status()).toBe(404);
    await context.close();
  });
});
