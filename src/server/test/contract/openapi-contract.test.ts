import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../security/http";
import { TestClient } from "../test-client";
import { takeViolations } from "./answers";
import { OpenApiContract, type Answer, type OpenApiDocument } from "./openapi-contract";

/** A small document in the shape @hono/zod-openapi serves: paths relative to /api, problems as problem+json. */
const problem = { type: "object", properties: { title: { type: "string" }, status: { type: "integer" } }, required: ["title", "status"] };
const document: OpenApiDocument = {
  openapi: "3.1.0",
  servers: [{ url: "/api" }],
  components: {
    schemas: {
      Thing: { type: "object", properties: { id: { type: "string", format: "uuid" }, name: { type: "string" }, createdAt: { type: "string", format: "date-time" } }, required: ["id", "name"] },
    },
  },
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        responses: {
          200: { description: "Things", content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } } },
          401: { description: "No session", content: { "application/problem+json": { schema: problem } } },
        },
      },
    },
    "/things/{id}": {
      get: {
        operationId: "getThing",
        responses: {
          200: { description: "The thing", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
          404: { description: "None", content: { "application/problem+json": { schema: problem } } },
        },
      },
      delete: { operationId: "deleteThing", responses: { 204: { description: "Deleted" } } },
    },
    "/things/mine": {
      get: { operationId: "myThing", responses: { 200: { description: "Mine", content: { "application/json": { schema: { type: "object", properties: { mine: { const: true } }, required: ["mine"] } } } } } },
    },
    "/things/{id}/pdf": {
      get: { operationId: "thingPdf", responses: { 302: { description: "To the PDF" } } },
    },
    "/auth/sign-out": {
      post: { operationId: "signOut", responses: { 200: { description: "Signed out", content: { "application/json": { schema: { type: "object", properties: { success: { type: "boolean" } }, required: ["success"] } } } } } },
    },
    "/events": {
      get: { operationId: "events", responses: { 200: { description: "Stream", content: { "text/event-stream": { schema: { type: "string" } } } }, default: { description: "Any other", content: { "application/problem+json": { schema: problem } } } } },
    },
  },
};

const id = "8d3c2a52-2f4e-4a53-9b7c-2f1d7e0f9a11";
const json = (body: unknown) => ({ contentType: "application/json", text: JSON.stringify(body) });
const problemJson = (status: number) => ({ contentType: "application/problem+json", text: JSON.stringify({ type: "about:blank", title: "Refused", status }) });
const check = (contract: OpenApiContract, answer: Partial<Answer> & Pick<Answer, "path" | "status">) =>
  contract.check({ method: "GET", contentType: null, text: "", ...answer });

describe("the OpenAPI contract check", () => {
  const contract = new OpenApiContract(document);

  it("passes documented answers: a list through a component $ref, a problem, a redirect without a body, an event stream", () => {
    expect(check(contract, { path: "/api/things", status: 200, ...json([{ id, name: "A", createdAt: "2026-01-02T03:04:05.000Z" }]) })).toEqual([]);
    expect(check(contract, { path: "/api/things", status: 401, ...problemJson(401) })).toEqual([]);
    expect(check(contract, { path: `/api/things/${id}/pdf`, status: 302 })).toEqual([]);
    expect(check(contract, { method: "DELETE", path: `/api/things/${id}`, status: 204 })).toEqual([]);
    expect(check(contract, { path: "/api/events", status: 200, contentType: "text/event-stream; charset=utf-8", text: undefined })).toEqual([]);
    expect(check(contract, { path: "/api/events", status: 503, ...problemJson(503) }), "`default` covers any status").toEqual([]);
  });

  it("fails a status the operation does not declare, naming the request, the operation and what it declares", () => {
    expect(check(contract, { path: `/api/things/${id}`, status: 429, ...problemJson(429) })).toEqual([
      `GET /api/things/${id} answered 429, a status getThing (GET /things/{id}) does not declare (it declares 200, 404)`,
    ]);
  });

  it("fails a body that does not match its schema, naming each wrong field", () => {
    const [violation, ...more] = check(contract, { path: "/api/things", status: 200, ...json([{ id: "not-a-uuid", name: 7 }]) });
    expect(more).toEqual([]);
    expect(violation).toContain("GET /api/things answered 200 with a body that does not match the application/json schema of listThings (GET /things)");
    expect(violation).toContain('/0/id must match format "uuid"');
    expect(violation).toContain("/0/name must be string");
    expect(check(contract, { path: `/api/things/${id}`, status: 200, ...json({ id }) })[0]).toContain("(body) must have required property 'name'");
    expect(check(contract, { path: `/api/things/${id}`, status: 200, contentType: "application/json", text: "{" })[0]).toContain("a application/json body that is not JSON");
  });

  it("fails an answer in a media type the status does not declare, and a body where none is declared", () => {
    expect(check(contract, { path: `/api/things/${id}`, status: 404, ...json({ title: "Not Found", status: 404 }) })).toEqual([
      `GET /api/things/${id} answered 404 as application/json, but getThing (GET /things/{id}) declares application/problem+json for 404`,
    ]);
    expect(check(contract, { path: `/api/things/${id}/pdf`, status: 302, contentType: "text/html", text: "<a>moved</a>" })[0]).toContain("declares none for 302");
    expect(check(contract, { path: "/api/things", status: 200 })[0]).toContain("without a content type");
  });

  it("fails an unknown route that answers 200, and lets it answer 404", () => {
    expect(check(contract, { path: "/api/widgets", status: 200, ...json({}) })).toEqual([
      "GET /api/widgets answered 200, but the document has no operation GET for this path: an undocumented route answered (expected 404 or 405)",
    ]);
    expect(check(contract, { method: "POST", path: "/api/things", status: 201, ...json({}) })[0]).toContain("no operation POST for this path");
    expect(check(contract, { path: "/api/widgets", status: 404, ...problemJson(404) })).toEqual([]);
    expect(check(contract, { path: "/api/things/a/b", status: 404 }), "a {param} takes one segment").toEqual([]);
    const guarded = new OpenApiContract(document, { unmatchedStatuses: () => [401, 404] });
    expect(check(guarded, { path: "/api/widgets", status: 401, ...problemJson(401) })).toEqual([]);
  });

  it("matches a concrete path before a templated one, and reads paths relative to the document's server", () => {
    expect(check(contract, { path: "/api/things/mine", status: 200, ...json({ mine: true }) })).toEqual([]);
    expect(check(contract, { path: "/api/things/mine", status: 200, ...json({ id, name: "A" }) })[0]).toContain("myThing (GET /things/mine)");
    expect(check(contract, { path: "/things", status: 200, ...json([]) })[0]).toContain("outside the document's server /api");
    const rootRelative = new OpenApiContract({ ...document, servers: undefined });
    expect(check(rootRelative, { path: "/things", status: 200, ...json([]) })).toEqual([]);
  });
});

describe("the API suite's clients", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // Serves the document above, and answers every other path with a thing whose name is a number.
    server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      if (path === "/api/openapi.json") return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document));
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "1" }).end(JSON.stringify({ id, name: 7 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("hold every answer of TestClient and send to the served document without opting in, and record where it was received", async () => {
    const client = new TestClient(baseUrl, "10.255.0.1");
    await client.get(`/api/things/${id}`);
    await client.raw("/api/widgets");
    await send(baseUrl, "/api/things/mine");
    // Better Auth's endpoints: one the document describes is held to it, one it does not is left alone.
    await client.post("/api/auth/sign-out");
    await client.get("/api/auth/get-session");
    await client.get("/outside-the-api");
    // Taken here, so that the setup file's afterEach does not fail this test for them.
    const violations = takeViolations();
    expect(violations.map((violation) => violation.message)).toEqual([
      expect.stringContaining(`OpenAPI contract: GET /api/things/${id} answered 200 with a body that does not match`),
      expect.stringContaining("OpenAPI contract: GET /api/widgets answered 200, but the document has no operation GET for this path"),
      expect.stringContaining("OpenAPI contract: GET /api/things/mine answered 200 with a body that does not match the application/json schema of myThing"),
      expect.stringContaining("OpenAPI contract: POST /api/auth/sign-out answered 200 with a body that does not match the application/json schema of signOut"),
    ]);
    expect(violations[0]!.stack).toContain("openapi-contract.test.ts");
  });
});
