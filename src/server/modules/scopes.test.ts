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
} from "../db/schema";
import type { Scope } from "./scopes";
import {
  activityScope,
  companyScope,
  fileScope,
  invoiceScope,
  notificationScope,
} from "./scopes";
import { openTestDatabase } from "../test/harness";

/**
 * The entity scope builders against a database of their own: beyond the tenant rule (db/scope.ts),
 * a draft invoice and its PDF are hidden from whoever does not read every invoice (ADR 026), in a
 * one-off query and in a list filter alike.
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
    // An upload still running belongs to no record yet.
    {
      companyId: ours,
      name: "uploading.pdf",
      contentType: "application/pdf",
      store: "database" as const,
    },
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

const admin: PolicyActor = { role: "admin", companyId: null };
const customer = (): PolicyActor => ({ role: "customer", companyId: ours });
const homeless: PolicyActor = { role: "customer", companyId: null };

const sorted = (values: string[]) => [...values].sort();

/** What a scope lets through, as a one-off query and as a prepared list filter (which must agree). */
async function invoiceNumbers(scope: Scope): Promise<string[]> {
  const oneOff = (
    await database.db
      .select({ n: invoices.invoiceNumber })
      .from(invoices)
      .where(scope.where)
  ).map((row) => row.n);
  const filter = scope.filter();
  const listed = await database.db
    .select({ n: invoices.invoiceNumber })
    .from(invoices)
    .where(filter.where())
    .prepare(`scopes_test_invoices_${filter.key}`)
    .execute(filter.values);
  expect(sorted(listed.map((row) => row.n))).toEqual(sorted(oneOff));
  return sorted(oneOff);
}

async function fileNames(scope: Scope): Promise<string[]> {
  const oneOff = (
    await database.db.select({ n: files.name }).from(files).where(scope.where)
  ).map((row) => row.n);
  const filter = scope.filter();
  const listed = await database.db
    .select({ n: files.name })
    .from(files)
    .where(filter.where())
    .prepare(`scopes_test_files_${filter.key}`)
    .execute(filter.values);
  expect(sorted(listed.map((row) => row.n))).toEqual(sorted(oneOff));
  return sorted(oneOff);
}

describe("invoiceScope", () => {
  it("shows an admin every company's invoices, drafts included", async () => {
    expect(await invoiceNumbers(invoiceScope(admin))).toEqual([
      "OURS-DRAFT",
      "OURS-ISSUED",
      "THEIRS-ISSUED",
    ]);
  });

  it("shows a customer their company's issued invoices, never a draft", async () => {
    expect(await invoiceNumbers(invoiceScope(customer()))).toEqual([
      "OURS-ISSUED",
    ]);
    expect(await invoiceNumbers(invoiceScope(homeless))).toEqual([]);
  });

  it("names the hidden drafts in the list filter's key (`issued`), so the two shapes never share a statement", () => {
    expect(invoiceScope(customer()).filter().key).toBe(
      `${companyScope(customer()).filter().key}_issued`,
    );
    expect(invoiceScope(admin).filter().key).toBe(
      companyScope(admin).filter().key,
    );
  });
});

describe("fileScope", () => {
  it("shows an admin every file, a draft's PDF included", async () => {
    expect(await fileNames(fileScope(admin))).toEqual([
      "OURS-DRAFT.pdf",
      "OURS-ISSUED.pdf",
      "THEIRS-ISSUED.pdf",
      "uploading.pdf",
    ]);
  });

  it("shows a customer their company's files except a draft invoice's PDF", async () => {
    expect(await fileNames(fileScope(customer()))).toEqual([
      "OURS-ISSUED.pdf",
      "uploading.pdf",
    ]);
    expect(await fileNames(fileScope(homeless))).toEqual([]);
  });

  it("names the hidden drafts in the list filter's key", () => {
    expect(fileScope(customer()).filter().key).toBe(
      `${companyScope(customer()).filter().key}_issued`,
    );
    expect(fileScope(admin).filter().key).toBe(
      companyScope(admin).filter().key,
    );
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
  /** The history entries a scope lets through (each names its invoice), as a one-off query and as a list filter. */
  async function entries(scope: Scope): Promise<string[]> {
    const oneOff = (
      await database.db
        .select({ n: activityEvents.toValue })
        .from(activityEvents)
        .where(scope.where)
    ).map((row) => row.n!);
    const filter = scope.filter();
    const listed = await database.db
      .select({ n: activityEvents.toValue })
      .from(activityEvents)
      .where(filter.where())
      .prepare(`scopes_test_activity_${filter.key}`)
      .execute(filter.values);
    expect(sorted(listed.map((row) => row.n!))).toEqual(sorted(oneOff));
    return sorted(oneOff);
  }

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
    async function read(scope: Scope): Promise<string[]> {
      const oneOff = (
        await database.db
          .select({ n: notifications.excerpt })
          .from(notifications)
          .where(scope.where)
      ).map((row) => row.n!);
      const filter = scope.filter();
      const listed = await database.db
        .select({ n: notifications.excerpt })
        .from(notifications)
        .where(filter.where())
        .prepare(`scopes_test_notifications_${filter.key}`)
        .execute(filter.values);
      expect(sorted(listed.map((row) => row.n!))).toEqual(sorted(oneOff));
      return sorted(oneOff);
    }
    expect(
      await read(
        notificationScope({
          role: "customer",
          companyId: ours,
          userId: me!.id,
        }),
      ),
    ).toEqual(["mine, ours"]);
    expect(
      await read(
        notificationScope({
          role: "customer",
          companyId: null,
          userId: me!.id,
        }),
      ),
    ).toEqual([]);
    expect(
      await read(
        notificationScope({ role: "admin", companyId: null, userId: me!.id }),
      ),
    ).toEqual(["mine, from before I moved", "mine, ours"]);
    // The same prepared statement serves another user with their own id.
    expect(
      await read(
        notificationScope({
          role: "customer",
          companyId: ours,
          userId: other!.id,
        }),
      ),
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
