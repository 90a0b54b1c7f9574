import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyActor } from "@/shared/policies";
import type { DatabaseHandle } from "../db/client";
import {
  activityEvents,
  companies,
  files,
  invoices,
  notifications,
  profiles,
  projects,
  quotes,
  ticketComments,
  tickets,
} from "../db/schema";
import type { Scope } from "./scopes";
import {
  activityScope,
  companyScope,
  fileScope,
  invoiceScope,
  notificationScope,
  quoteScope,
} from "./scopes";
import { openTestDatabase } from "../test/harness";

/**
 * The entity scope builders against a database of their own: beyond the tenant rule (db/scope.ts),
 * a draft invoice and its PDF are hidden from whoever does not read every invoice (ADR 026), and
 * the files of a ticket's internal notes from whoever is not the team, in a one-off query and in a
 * list filter alike.
 */
let database: DatabaseHandle;
let ours: string;
let theirs: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [a, b] = await database.db
    .insert(companies)
    .values([{ name: "Ours Ltd" }, { name: "Theirs Ltd" }])
    .returning({ id: companies.id });
  ours = a!.id;
  theirs = b!.id;
  const money = {
    amount: "10.00",
    subtotal: "10.00",
    tax: "0.00",
    issueDate: "2026-11-01",
  };
  const made = await database.db
    .insert(invoices)
    .values([
      {
        ...money,
        companyId: ours,
        invoiceNumber: "OURS-DRAFT",
        status: "draft",
      },
      {
        ...money,
        companyId: ours,
        invoiceNumber: "OURS-ISSUED",
        status: "unpaid",
        issuedAt: new Date(),
      },
      {
        ...money,
        companyId: theirs,
        invoiceNumber: "THEIRS-ISSUED",
        status: "unpaid",
        issuedAt: new Date(),
      },
    ])
    .returning({ id: invoices.id, number: invoices.invoiceNumber });
  const stored = {
    contentType: "application/pdf",
    size: 1,
    sha256: "0".repeat(64),
    store: "database" as const,
    storedAt: new Date(),
  };
  await database.db.insert(files).values([
    ...made.map((invoice) => ({
      ...stored,
      companyId: invoice.number.startsWith("OURS") ? ours : theirs,
      invoiceId: invoice.id,
      name: `${invoice.number}.pdf`,
    })),
    // A file on the team's internal note, and one on a reply the customer reads.
    ...(await ticketCommentsOfOurs()).map((comment) => ({
      ...stored,
      companyId: ours,
      ticketCommentId: comment.id,
      name: comment.internal ? "OURS-NOTE.pdf" : "OURS-REPLY.pdf",
    })),
    // An upload still running belongs to no record yet.
    {
      companyId: ours,
      name: "uploading.pdf",
      contentType: "application/pdf",
      store: "database" as const,
    },
  ]);
  const quote = { title: "Work", lines: [], amount: "10.00", subtotal: "10.00", tax: "0.00", validUntil: "2026-12-31" };
  const sent = { status: "sent" as const, sentAt: new Date(), document: new Uint8Array([37]), documentSha256: "0".repeat(64) };
  await database.db.insert(quotes).values([
    { ...quote, companyId: ours, quoteNumber: "OURS-Q-DRAFT" },
    { ...quote, ...sent, companyId: ours, quoteNumber: "OURS-Q-SENT" },
    { ...quote, ...sent, companyId: theirs, quoteNumber: "THEIRS-Q-SENT" },
  ]);
  // Each invoice's history: the draft's entry is the provider's only (ADR 028).
  await database.db
    .insert(activityEvents)
    .values(
      made.map((invoice) => ({
        companyId: invoice.number.startsWith("OURS") ? ours : theirs,
        invoiceId: invoice.id,
        kind: "created" as const,
        toValue: invoice.number,
        adminOnly: invoice.number.endsWith("DRAFT"),
      })),
    );
});
afterAll(() => database?.close());

/** A ticket of ours with a reply and an internal note on it. */
async function ticketCommentsOfOurs() {
  const [project] = await database.db.insert(projects).values({ companyId: ours, name: "Site", slug: "site" }).returning({ id: projects.id });
  const [ticket] = await database.db.insert(tickets).values({ companyId: ours, projectId: project!.id, title: "Broken" }).returning({ id: tickets.id });
  return database.db
    .insert(ticketComments)
    .values([
      { ticketId: ticket!.id, content: "We are on it", internal: false },
      { ticketId: ticket!.id, content: "Their server is down again", internal: true },
    ])
    .returning({ id: ticketComments.id, internal: ticketComments.internal });
}

const admin: PolicyActor = { role: "admin", companyId: null };
const customer = (): PolicyActor => ({ role: "customer", companyId: ours });
const homeless: PolicyActor = { role: "customer", companyId: null };

const sorted = (values: string[]) => [...values].sort();

/**
 * What a scope lets through of `column`'s table, each row named by that column, as a one-off query
 * and as a prepared list filter (which must agree); `statement` names the prepared statements.
 */
function seenThrough(column: AnyPgColumn, statement: string) {
  const rows = (where: SQL | undefined) =>
    database.db.select({ n: column }).from(column.table).where(where);
  return async (scope: Scope): Promise<string[]> => {
    const oneOff = (await rows(scope.where)).map((row) => row.n as string);
    const filter = scope.filter();
    const listed = await rows(filter.where())
      .prepare(`scopes_test_${statement}_${filter.key}`)
      .execute(filter.values);
    expect(sorted(listed.map((row) => row.n as string))).toEqual(
      sorted(oneOff),
    );
    return sorted(oneOff);
  };
}

const invoiceNumbers = seenThrough(invoices.invoiceNumber, "invoices");
const fileNames = seenThrough(files.name, "files");
const quoteNumbers = seenThrough(quotes.quoteNumber, "quotes");

// A draft invoice and its PDF are hidden alike: the two scopes keep one rule (ADR 026); a draft quote is hidden as a draft invoice is (ADR 049).
describe.each([
  [
    "invoiceScope",
    {
      scopeOf: invoiceScope,
      seen: invoiceNumbers,
      records: "invoices",
      draft: "a draft",
      hiddenKey: "issued",
      all: ["OURS-DRAFT", "OURS-ISSUED", "THEIRS-ISSUED"],
      customers: ["OURS-ISSUED"],
    },
  ],
  [
    "fileScope",
    {
      scopeOf: fileScope,
      seen: fileNames,
      records: "files",
      draft: "a draft invoice's PDF and an internal note's file",
      hiddenKey: "shared",
      all: ["OURS-DRAFT.pdf", "OURS-ISSUED.pdf", "OURS-NOTE.pdf", "OURS-REPLY.pdf", "THEIRS-ISSUED.pdf", "uploading.pdf"],
      customers: ["OURS-ISSUED.pdf", "OURS-REPLY.pdf", "uploading.pdf"],
    },
  ],
  [
    "quoteScope",
    {
      scopeOf: quoteScope,
      seen: quoteNumbers,
      records: "quotes",
      draft: "a draft",
      hiddenKey: "sent",
      all: ["OURS-Q-DRAFT", "OURS-Q-SENT", "THEIRS-Q-SENT"],
      customers: ["OURS-Q-SENT"],
    },
  ],
] as const)("%s", (_, { scopeOf, seen, records, draft, hiddenKey, all, customers }) => {
  it(`shows an admin every company's ${records}, ${draft} included`, async () => {
    expect(await seen(scopeOf(admin))).toEqual(all);
  });

  it(`shows a customer their company's ${records} except ${draft}`, async () => {
    expect(await seen(scopeOf(customer()))).toEqual(customers);
    expect(await seen(scopeOf(homeless))).toEqual([]);
  });

  it(`names what it hides in the list filter's key (\`${hiddenKey}\`), so the two shapes never share a statement`, () => {
    expect(scopeOf(customer()).filter().key).toBe(
      `${companyScope(customer()).filter().key}_${hiddenKey}`,
    );
    expect(scopeOf(admin).filter().key).toBe(companyScope(admin).filter().key);
  });
});

describe("companyScope", () => {
  it("shows an admin every company and a customer their own", async () => {
    const names = async (scope: Scope) =>
      sorted(
        (
          await database.db
            .select({ n: companies.name })
            .from(companies)
            .where(scope.where)
        ).map((row) => row.n),
      );
    expect(await names(companyScope(admin))).toEqual([
      "Ours Ltd",
      "Theirs Ltd",
    ]);
    expect(await names(companyScope(customer()))).toEqual(["Ours Ltd"]);
  });
});

describe("activityScope", () => {
  /** The history entries a scope lets through, each named by its invoice's number. */
  const entries = seenThrough(activityEvents.toValue, "activity");

  it("shows an admin every company's history, the provider's own entries included", async () => {
    expect(await entries(activityScope(admin))).toEqual([
      "OURS-DRAFT",
      "OURS-ISSUED",
      "THEIRS-ISSUED",
    ]);
  });

  it("shows a customer their company's history without the provider's own entries, and names that in the key", async () => {
    expect(await entries(activityScope(customer()))).toEqual(["OURS-ISSUED"]);
    expect(await entries(activityScope(homeless))).toEqual([]);
    expect(activityScope(customer()).filter().key).toBe(
      `${companyScope(customer()).filter().key}_shared`,
    );
  });
});

describe("notificationScope", () => {
  it("lets a user read their own notifications only, and a customer those of their present company only", async () => {
    const [me, other] = await database.db
      .insert(profiles)
      .values([
        { fullName: "Me", email: `me-${crypto.randomUUID()}@example.test` },
        {
          fullName: "Other",
          email: `other-${crypto.randomUUID()}@example.test`,
        },
      ])
      .returning({ id: profiles.id });
    await database.db.insert(notifications).values([
      {
        recipientId: me!.id,
        companyId: ours,
        kind: "message",
        excerpt: "mine, ours",
        mail: "none",
      },
      {
        recipientId: me!.id,
        companyId: theirs,
        kind: "message",
        excerpt: "mine, from before I moved",
        mail: "none",
      },
      {
        recipientId: other!.id,
        companyId: ours,
        kind: "message",
        excerpt: "someone else's",
        mail: "none",
      },
    ]);
    const excerpts = seenThrough(notifications.excerpt, "notifications");
    const read = (reader: PolicyActor & { userId: string }) =>
      excerpts(notificationScope(reader));
    expect(
      await read({ role: "customer", companyId: ours, userId: me!.id }),
    ).toEqual(["mine, ours"]);
    expect(
      await read({ role: "customer", companyId: null, userId: me!.id }),
    ).toEqual([]);
    expect(
      await read({ role: "admin", companyId: null, userId: me!.id }),
    ).toEqual(["mine, from before I moved", "mine, ours"]);
    // The same prepared statement serves another user with their own id.
    expect(
      await read({ role: "customer", companyId: ours, userId: other!.id }),
    ).toEqual(["someone else's"]);
  });

  it("names the recipient in the list filter's key (`recipient`) and passes their id as that placeholder's value", () => {
    const reader = {
      role: "customer" as const,
      companyId: ours,
      userId: "00000000-0000-4000-8000-000000000001",
    };
    const filter = notificationScope(reader).filter();
    expect(filter.key).toBe(`${companyScope(reader).filter().key}_recipient`);
    expect(filter.values).toEqual({ own: ours, recipient: reader.userId });
  });
});
