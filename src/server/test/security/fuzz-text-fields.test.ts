import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { textMessages } from "@/shared/rules/text";
import { companies, tickets } from "@/server/db/schema";
import { customerWithProject } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";
import { fuzzTargets } from "./fuzz-targets";
import { directionOverrides } from "./hostile";

/*
 * The text rule of src/shared/schemas/text.ts, held to every write contract the fuzz targets
 * name: a field added without it fails here, not in production as a database error.
 */

/** Hashed, never stored or shown: a password may hold any character. */
const PASSWORD_KEYS = new Set(["password", "currentPassword", "newPassword"]);
/** Names and titles, shown inside other text, refuse bidi overrides too (docs/security.md). */
const NAME_KEYS = new Set(["name", "title", "contactName", "invoiceNumber", "brandName"]);

const fieldsOf = () =>
  fuzzTargets().flatMap((target) => {
    const shape = (target.input as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } } | undefined)?._zod.def.shape ?? {};
    return Object.keys(shape).map((key) => ({ label: `${target.method} ${target.route} ${key}`, input: target.input!, key }));
  });
const issuesAt = (schema: z.ZodType, key: string, value: string) => schema.safeParse({ [key]: value }).error?.issues.filter((issue) => issue.path[0] === key) ?? [];

describe("text fields of every write contract", () => {
  it("refuse NUL and the other C0 control characters, each a 400 naming the field", () => {
    const fields = fieldsOf().filter(({ key }) => !PASSWORD_KEYS.has(key));
    expect(fields.length).toBeGreaterThan(50);
    const accepted = fields.flatMap(({ label, input, key }) =>
      ["Plain words\u0000 and more", "Plain words\u001B[31m red", "Plain\bwords and more"].filter((value) => issuesAt(input, key, value).length === 0).map((value) => `${label}: ${JSON.stringify(value)}`),
    );
    expect(accepted).toEqual([]);
  });

  it("refuse a bidi override or isolate in names and titles, with the message that says so", () => {
    const names = fieldsOf().filter(({ key }) => NAME_KEYS.has(key));
    expect(names.map(({ key }) => key)).toEqual(expect.arrayContaining([...NAME_KEYS]));
    for (const { label, input, key } of names) {
      for (const override of directionOverrides) {
        expect(issuesAt(input, key, `Acme ${override}evil`).map((issue) => issue.message), `${label} U+${override.codePointAt(0)!.toString(16)}`).toContain(textMessages.directionOverride);
      }
    }
  });
});

describe("a control character or bidi override sent to the API", () => {
  const server = serverForFile();

  it("answers a NUL in a ticket title with a 400 naming title, and stores no ticket", async () => {
    const { customer, project } = await customerWithProject(server, "Nul Ltd");
    const response = await customer.client.post("/api/tickets", { projectId: project.id, title: "Login\u0000fails" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "title", message: textMessages.controlCharacter }]);
    const [stored] = await server.deps.db.select({ n: count() }).from(tickets).where(eq(tickets.projectId, project.id));
    expect(stored!.n).toBe(0);
  });

  it("answers an escape character in a comment, and a right-to-left override in a company name, with a 400 naming the field", async () => {
    const { company, customer, project } = await customerWithProject(server, "Override Ltd");
    const ticket = await customer.client.post("/api/tickets", { projectId: project.id, title: "A fine title" });
    expect(ticket.status).toBe(201);
    const comment = await customer.client.post(`/api/tickets/${ticket.body.id}/comments`, { content: "see \u001B[2J" });
    expect(comment.status).toBe(400);
    expect(comment.problem.errors).toEqual([{ field: "content", message: textMessages.controlCharacter }]);

    const renamed = await customer.client.put("/api/companies/mine", { name: "Acme \u202Eevil" });
    expect(renamed.status).toBe(400);
    expect(renamed.problem.errors).toEqual([{ field: "name", message: textMessages.directionOverride }]);
    const [stored] = await server.deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id));
    expect(stored!.name).toBe("Override Ltd");
  });
});
