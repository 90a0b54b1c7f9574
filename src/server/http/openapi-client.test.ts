import { execFile } from "node:child_process";
import { copyFile, rm, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokenMessages } from "@/shared/rules/api-token";
import { companyUsers } from "@/server/db/schema";
import { checkResponse } from "@/server/test/contract/answers";
import { customerWithProject, insertTickets } from "@/server/test/fixtures";
import { writeServedDocument } from "@/server/test/openapi-document";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const run = promisify(execFile);

const JOURNEY_DIR = "src/server/test/openapi-client-journey";
const FIXTURES = ["journey.ts", "mistyped-calls.ts"];

/** Strict, as a careful consumer would compile; the generated client is a .ts file, so it is checked too. */
const consumerTsconfig = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: "ES2023",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    types: [],
    verbatimModuleSyntax: true,
    noEmit: true,
    // Only openapi-fetch's own declarations are skipped.
    skipLibCheck: true,
  },
  files: ["portico-api.ts", ...FIXTURES],
};

/**
 * What journey.ts exports, as this test uses it. Not imported as a type: that would pull the
 * journey into the project's own tsc run, where its generated `./portico-api` does not exist.
 */
interface JourneyModule {
  customerJourney(input: {
    origin: string;
    email: string;
    password: string;
    comment: string;
    fetch: (request: Request) => Promise<Response>;
  }): Promise<{
    signedInAs: string;
    ticketTitles: string[];
    opened: { id: string; title: string; project: string };
    comment: { content: string; author: string | null };
  }>;
  scriptJourney(input: ScriptInput): Promise<{
    ticketTitles: string[];
    opened: { id: string; title: string };
    comment: { content: string; author: string | null };
  }>;
  scriptComment(
    input: ScriptInput & { ticketId: string },
  ): Promise<{ status: number; detail: string | null }>;
}

interface ScriptInput {
  origin: string;
  token: string;
  comment: string;
  fetch: (request: Request) => Promise<Response>;
}

let tempDir: string | undefined;
afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** Sends as the journey asks, and holds each answer to the served document like every API test's. */
async function checkedFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  await checkResponse(request.method, response, new URL(request.url));
  return response;
}

/**
 * The generated client and the journeys, compiled once for every test. A hook, not the first test,
 * since tsc on the generated client takes 3 s alone and over 30 s (a test's limit) when the
 * machine runs the other suites beside it; the hook's limit is its own.
 */
const COMPILE_LIMIT_MS = 180_000;
let journeys: JourneyModule | undefined;
beforeAll(async () => {
  const { dir, file } = await writeServedDocument(server);
  tempDir = dir;
  const generated = astToString(await openapiTS(pathToFileURL(file)));
  await writeFile(join(dir, "portico-api.ts"), generated);
  for (const fixture of FIXTURES)
    await copyFile(join(JOURNEY_DIR, fixture), join(dir, fixture));
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify(consumerTsconfig));
  // The consumer's packages (openapi-fetch) are the project's.
  await symlink(resolve("node_modules"), join(dir, "node_modules"), "dir");

  // tsc exits non-zero on any error, including a @ts-expect-error in mistyped-calls.ts that is not one.
  const compiled = await run("node_modules/.bin/tsc", [
    "-p",
    join(dir, "tsconfig.json"),
  ]).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(compiled, "tsc on the generated client and the journey").toBe("");

  journeys = (await import(join(dir, "journey.ts"))) as JourneyModule;
}, COMPILE_LIMIT_MS);

function compiledJourneys(): JourneyModule {
  if (!journeys) throw new Error("the journeys did not compile");
  return journeys;
}

describe("a client generated from the served OpenAPI document", () => {
  it("compiles strictly with a journey, refuses mistyped calls, and signs in, lists, opens and comments on a ticket", async () => {
    const { company, project, customer } = await customerWithProject(
      server,
      "Globex",
    );
    await insertTickets(
      server,
      { id: project.id, companyId: company.id },
      { count: 1, status: "pending", title: "Printer jam" },
    );

    const { customerJourney } = compiledJourneys();
    const result = await customerJourney({
      origin: server.baseUrl,
      email: customer.email,
      password: customer.password,
      comment: "Still jammed on page 2",
      fetch: checkedFetch,
    });
    expect(result).toEqual({
      signedInAs: customer.email,
      ticketTitles: ["Printer jam 1"],
      opened: {
        id: expect.any(String),
        title: "Printer jam 1",
        project: project.name,
      },
      comment: { content: "Still jammed on page 2", author: customer.name },
    });
    const comments = await customer.client.get(
      `/api/tickets/${result.opened.id}/comments`,
    );
    expect(comments.body.map((comment) => comment.content)).toEqual([
      "Still jammed on page 2",
    ]);
  });

  it("lists, opens and comments with an API token alone; a read token gets 403 on the comment, a revoked one 401 at once", async () => {
    const {
      company,
      project,
      customer: owner,
    } = await customerWithProject(server, "Initech");
    await server.deps.db
      .update(companyUsers)
      .set({ role: "owner" })
      .where(eq(companyUsers.userId, owner.id));
    await insertTickets(
      server,
      { id: project.id, companyId: company.id },
      { count: 1, status: "pending", title: "Scanner offline" },
    );
    const token = async (scope: string) => {
      const made = await owner.client.post("/api/tokens", {
        name: `Script ${scope}`,
        scope,
        expiresInDays: 30,
      });
      expect(made.status).toBe(201);
      return made.body as { id: string; token: string };
    };
    const readWrite = await token("read-write");
    const readOnly = await token("read");
    const { scriptJourney, scriptComment } = compiledJourneys();

    const result = await scriptJourney({
      origin: server.baseUrl,
      token: readWrite.token,
      comment: "Restarted by the script",
      fetch: checkedFetch,
    });
    expect(result).toEqual({
      ticketTitles: ["Scanner offline 1"],
      opened: { id: expect.any(String), title: "Scanner offline 1" },
      comment: { content: "Restarted by the script", author: owner.name },
    });
    const input = {
      origin: server.baseUrl,
      ticketId: result.opened.id,
      comment: "Not allowed",
      fetch: checkedFetch,
    };
    expect(await scriptComment({ ...input, token: readOnly.token })).toEqual({
      status: 403,
      detail: apiTokenMessages.readOnly,
    });

    expect(
      (await owner.client.delete(`/api/tokens/${readWrite.id}`)).status,
    ).toBe(204);
    expect(await scriptComment({ ...input, token: readWrite.token })).toEqual({
      status: 401,
      detail: apiTokenMessages.invalid,
    });
    const comments = await owner.client.get(
      `/api/tickets/${result.opened.id}/comments`,
    );
    expect(comments.body.map((comment) => comment.content)).toEqual([
      "Restarted by the script",
    ]);
  });
});
