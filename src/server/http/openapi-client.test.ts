import { execFile } from "node:child_process";
import { copyFile, rm, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, describe, expect, it } from "vitest";
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
  customerJourney(input: { origin: string; email: string; password: string; comment: string; fetch: (request: Request) => Promise<Response> }): Promise<{
    signedInAs: string;
    ticketTitles: string[];
    opened: { id: string; title: string; project: string };
    comment: { content: string; author: string | null };
  }>;
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

describe("a client generated from the served OpenAPI document", () => {
  it("compiles strictly with a journey, refuses mistyped calls, and signs in, lists, opens and comments on a ticket", async () => {
    const { company, project, customer } = await customerWithProject(server, "Globex");
    await insertTickets(server, { id: project.id, companyId: company.id }, { count: 1, status: "pending", title: "Printer jam" });

    const { dir, file } = await writeServedDocument(server);
    tempDir = dir;
    const generated = astToString(await openapiTS(pathToFileURL(file)));
    await writeFile(join(dir, "portico-api.ts"), generated);
    for (const fixture of FIXTURES) await copyFile(join(JOURNEY_DIR, fixture), join(dir, fixture));
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify(consumerTsconfig));
    // The consumer's packages (openapi-fetch) are the project's.
    await symlink(resolve("node_modules"), join(dir, "node_modules"), "dir");

    // tsc exits non-zero on any error, including a @ts-expect-error in mistyped-calls.ts that is not one.
    const compiled = await run("node_modules/.bin/tsc", ["-p", join(dir, "tsconfig.json")]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled, "tsc on the generated client and the journey").toBe("");

    const { customerJourney } = (await import(join(dir, "journey.ts"))) as JourneyModule;
    const result = await customerJourney({ origin: server.baseUrl, email: customer.email, password: customer.password, comment: "Still jammed on page 2", fetch: checkedFetch });
    expect(result).toEqual({
      signedInAs: customer.email,
      ticketTitles: ["Printer jam 1"],
      opened: { id: expect.any(String), title: "Printer jam 1", project: project.name },
      comment: { content: "Still jammed on page 2", author: customer.name },
    });
    const comments = await customer.client.get(`/api/tickets/${result.opened.id}/comments`);
    expect(comments.body.map((comment) => comment.content)).toEqual(["Still jammed on page 2"]);
  });
});
