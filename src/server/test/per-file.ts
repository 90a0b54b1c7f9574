import { afterAll, beforeAll } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { startSmtpInbox, type SmtpInbox } from "./mail/smtp-inbox";
import { buildWorld, type World } from "./security/world";

/**
 * A value made once for the whole test file in `beforeAll`, usable at the top level of the file.
 * Until the hook has run there is nothing to read: the returned object forwards every property
 * read to the value once made, so tests keep writing `server.deps` and `admin.client` as if they
 * held the value itself.
 */
export function beforeAllTests<T extends object>(make: () => Promise<T>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  const made = (): T => {
    if (value === undefined) throw new Error("Read in a test or hook only: the value is made in beforeAll");
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(made(), key),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(made(), key),
  });
}

/**
 * The server's environment beyond the harness's: the values, or a function that gives them once
 * the hooks registered before have run (the URL of a local service that starts in one of them).
 */
type Overrides = Record<string, string> | (() => Record<string, string>);

/** One test server for the whole file, started before its tests and closed after them. */
export function serverForFile(prepare?: (server: TestServer) => void, overrides: Overrides = {}): TestServer {
  const server = beforeAllTests(async () => {
    const started = await startTestServer(typeof overrides === "function" ? overrides() : overrides);
    prepare?.(started);
    return started;
  });
  afterAll(() => server.close());
  return server;
}

/**
 * One SMTP inbox and one test server that mails to it, for the whole file (called in a `describe`,
 * for its tests): the mail is read as its recipient reads it (the outbox keeps no text once a mail
 * is sent).
 */
export function serverWithInboxForFile(
  overrides: Record<string, string> = {},
  options?: Parameters<typeof startTestServer>[1],
): { server: TestServer; inbox: SmtpInbox } {
  const inbox = beforeAllTests(() => startSmtpInbox());
  const server = beforeAllTests(() => startTestServer({ SMTP_URL: inbox.url, ...overrides }, options));
  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });
  return { server, inbox };
}

/** One test server (configured by `overrides`) and the two-company security world on it, for the whole file. */
export function worldForFile(overrides: Overrides = {}): { server: TestServer; world: World } {
  // A's owner posts through their session and, in the security cells, through their API tokens
  // (ADR 030): all of it counts against one person's posting limit, whose own test is
  // stored-input-bounds.test.ts. Raised, so the cells run as fast as they can.
  const server = serverForFile(undefined, () => ({ WRITE_RATE_LIMIT: "1000", ...(typeof overrides === "function" ? overrides() : overrides) }));
  return { server, world: beforeAllTests(() => buildWorld(server)) };
}
