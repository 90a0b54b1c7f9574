import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./constants";

export interface Credentials {
  email: string;
  password: string;
  name: string;
}

let ipCounter = 0;
/** Each browser context is its own client (own rate-limit bucket), like separate people. */
function nextClientIp(): string {
  ipCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function newClientContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": nextClientIp() } });
}

/** Signs the context in through the API (fast); the UI sign-in has specs of its own. */
export async function signInThroughApi(request: APIRequestContext, credentials: Pick<Credentials, "email" | "password">) {
  const response = await request.post("/api/auth/sign-in/email", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs up a new customer through the API and leaves the context signed in. */
export async function signUpThroughApi(request: APIRequestContext, name = "Casey Customer"): Promise<Credentials> {
  const credentials = { name, email: uniqueEmail("customer"), password: "tidy-lantern-42" };
  const response = await request.post("/api/auth/sign-up/email", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return credentials;
}

interface Fixtures {
  /** A page in a fresh context with its own client address, signed out. */
  anonPage: Page;
  /** A page signed in as a brand-new customer (no company yet). */
  customerPage: Page & { credentials: Credentials };
  /** A page signed in as the bootstrap admin. */
  adminPage: Page;
}

export const test = base.extend<Fixtures>({
  anonPage: async ({ browser }, use) => {
    const context = await newClientContext(browser);
    await use(await context.newPage());
    await context.close();
  },
  customerPage: async ({ browser }, use) => {
    const context = await newClientContext(browser);
    const credentials = await signUpThroughApi(context.request);
    const page = Object.assign(await context.newPage(), { credentials });
    await use(page);
    await context.close();
  },
  adminPage: async ({ browser }, use) => {
    const context = await newClientContext(browser);
    await signInThroughApi(context.request, E2E_ADMIN);
    await use(await context.newPage());
    await context.close();
  },
});

export { expect };
