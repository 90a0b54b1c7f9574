import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "@/shared/schemas/activity";
import type { Notification } from "@/shared/schemas/notification";
import { auditEvents } from "@/server/db/schema";
import { addMember, createCompany } from "@/server/test/fixtures";
import type { TestUser } from "@/server/test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/**
 * A quote's history and notifications (issue 42, ADR 049), and the members an owner allows to
 * answer it: who hears of a quote sent or answered, who reads which part of its history.
 */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Quincy Admin" }));

/** A 1×1 PNG: what a signature pad sends, only smaller. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function company(name: string) {
  const created = await createCompany(server, name);
  const owner = await addMember(server, created.id, await server.createUser({ name: `${name} Owner` }), "owner");
  const member = await addMember(server, created.id, await server.createUser({ name: `${name} Member` }));
  return { company: created, owner, member };
}

async function draft(companyId: string) {
  const response = await admin.client.post("/api/quotes", {
    companyId,
    title: "Retainer",
    lines: [{ description: "Support", quantity: "1", unitPrice: "500" }],
    validUntil: inDays(30),
  });
  expect(response.status, JSON.stringify(response.problem)).toBe(201);
  return response.body as { id: string; quoteNumber: string };
}

const send = async (id: string) => expect((await admin.client.post(`/api/quotes/${id}/send`)).status).toBe(200);
const accept = (user: TestUser, id: string) => user.client.post(`/api/quotes/${id}/accept`, { signerName: user.name, signature: PNG, accept: true });

/** A record's history as "kind field" lines, oldest first. */
async function history(user: TestUser, id: string) {
  const response = await user.client.get(`/api/quotes/${id}/activity`);
  if (response.status !== 200) return response.status;
  return (response.body.items as ActivityEntry[]).reverse().map((entry) => [entry.kind, entry.field, entry.actor.name].filter(Boolean).join(" "));
}

/** The user's notifications about the quote, as `kind to`. */
async function noticesOf(user: TestUser, quoteId: string) {
  const items = (await user.client.get("/api/notifications?limit=100")).body.items as Notification[];
  return items.filter((notice) => notice.subject.id === quoteId).map((notice) => [notice.kind, notice.to].filter(Boolean).join(" "));
}

describe("a quote's history", () => {
  it("keeps a draft's entries for the team and shows its company what was sent and answered", async () => {
    const { company: acme, owner } = await company("History Ltd");
    const other = await company("Other History Ltd");
    // Drawn up for the wrong company first, then moved: its history moves with it.
    const quote = await draft(other.company.id);
    expect((await admin.client.patch(`/api/quotes/${quote.id}`, { companyId: acme.id, title: "Retainer 2027", notes: "Net 14" })).status).toBe(200);

    expect(await history(owner, quote.id)).toBe(404);
    await send(quote.id);
    expect((await accept(owner, quote.id)).status).toBe(200);

    expect(await history(admin, quote.id)).toEqual([
      "created Quincy Admin",
      "changed title Quincy Admin",
      "changed notes Quincy Admin",
      "sent Quincy Admin",
      "accepted History Ltd Owner",
    ]);
    expect(await history(owner, quote.id)).toEqual(["sent Quincy Admin", "accepted History Ltd Owner"]);
    expect(await history(other.owner, quote.id)).toBe(404);
    // The admin's feed of the other company holds nothing of it.
    const elsewhere = (await admin.client.get(`/api/companies/${other.company.id}/activity`)).body.items as ActivityEntry[];
    expect(elsewhere.filter((entry) => entry.subject.id === quote.id)).toEqual([]);
    // The company's feed carries the same, under the quote's number.
    const feed = (await owner.client.get(`/api/companies/${acme.id}/activity`)).body.items as ActivityEntry[];
    expect(feed.filter((entry) => entry.subject.type === "quote").map((entry) => `${entry.kind} ${entry.subject.label}`)).toEqual([
      `accepted ${quote.quoteNumber}`,
      `sent ${quote.quoteNumber}`,
    ]);
  });
});

describe("who hears of a quote", () => {
  it("tells the members who may answer of a quote sent, and the team of its answer", async () => {
    const { company: acme, owner, member } = await company("Notice Ltd");
    const allowed = await addMember(server, acme.id, await server.createUser({ name: "Notice Ltd Buyer" }));
    expect((await owner.client.patch(`/api/companies/${acme.id}/members/${allowed.id}`, { answersQuotes: true })).status).toBe(200);
    const quote = await draft(acme.id);
    await send(quote.id);

    expect(await noticesOf(owner, quote.id)).toEqual(["quote_sent"]);
    expect(await noticesOf(allowed, quote.id)).toEqual(["quote_sent"]);
    expect(await noticesOf(member, quote.id)).toEqual([]);

    expect((await accept(allowed, quote.id)).status).toBe(200);
    expect(await noticesOf(admin, quote.id)).toEqual(["quote_answered accepted"]);
    const [notice] = ((await admin.client.get("/api/notifications?limit=100")).body.items as Notification[]).filter((n) => n.subject.id === quote.id);
    expect(notice).toMatchObject({ actorName: "Notice Ltd Buyer", subject: { type: "quote", label: quote.quoteNumber } });

    const declined = await draft(acme.id);
    await send(declined.id);
    expect((await owner.client.post(`/api/quotes/${declined.id}/decline`, { reason: "Too early" })).status).toBe(200);
    expect(await noticesOf(admin, declined.id)).toEqual(["quote_answered declined"]);
  });
});

describe("members an owner allows to answer quotes", () => {
  it("lets an allowed member accept, audits the grant, and refuses a plain member and other companies", async () => {
    const { company: acme, owner, member } = await company("Grant Ltd");
    const other = await company("Other Grant Ltd");
    const quote = await draft(acme.id);
    await send(quote.id);
    expect((await accept(member, quote.id)).status).toBe(403);

    // Only an owner (or an admin) changes it, only for its own company's members, and only with something to change.
    expect((await member.client.patch(`/api/companies/${acme.id}/members/${member.id}`, { answersQuotes: true })).status).toBe(403);
    expect((await other.owner.client.patch(`/api/companies/${acme.id}/members/${member.id}`, { answersQuotes: true })).status).toBe(404);
    const empty = await owner.client.patch(`/api/companies/${acme.id}/members/${member.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.problem.errors).toMatchObject([{ field: "role" }]);
    expect((await owner.client.patch(`/api/companies/${acme.id}/members/${member.id}`, { answersQuotes: "yes" })).problem.errors).toMatchObject([{ field: "answersQuotes" }]);
    expect((await owner.client.get(`/api/quotes/${quote.id}`)).body.canAnswer).toBe(true);
    expect((await member.client.get(`/api/quotes/${quote.id}`)).body.canAnswer).toBe(false);

    const granted = await owner.client.patch(`/api/companies/${acme.id}/members/${member.id}`, { answersQuotes: true });
    expect(granted.body).toMatchObject({ userId: member.id, role: "member", answersQuotes: true });
    const team = (await member.client.get(`/api/companies/${acme.id}/team`)).body.members as { userId: string; answersQuotes: boolean }[];
    expect(team.find((row) => row.userId === member.id)?.answersQuotes).toBe(true);
    expect((await member.client.get(`/api/quotes/${quote.id}`)).body.canAnswer).toBe(true);
    expect((await accept(member, quote.id)).body).toMatchObject({ status: "accepted", acceptance: { signerName: "Grant Ltd Member" } });

    const grants = await server.deps.db
      .select({ kind: auditEvents.kind, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, acme.id), eq(auditEvents.targetId, member.id)));
    expect(grants).toEqual([{ kind: "user.role_granted", details: { permission: "answersQuotes" } }]);

    // Taken back: the next request refuses again.
    expect((await owner.client.patch(`/api/companies/${acme.id}/members/${member.id}`, { answersQuotes: false })).body.answersQuotes).toBe(false);
    const next = await draft(acme.id);
    await send(next.id);
    expect((await accept(member, next.id)).status).toBe(403);
  });
});

describe("a quote's PDF", () => {
  it("records each download in the audit log, with who read which quote", async () => {
    const { company: acme, owner } = await company("Download Ltd");
    const quote = await draft(acme.id);
    await send(quote.id);
    expect((await owner.client.raw(`/api/quotes/${quote.id}/pdf`)).status).toBe(200);
    const entries = await server.deps.db
      .select({ kind: auditEvents.kind, actorId: auditEvents.actorId, label: auditEvents.targetLabel })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "quote.pdf_downloaded"), eq(auditEvents.targetId, quote.id)));
    expect(entries).toEqual([{ kind: "quote.pdf_downloaded", actorId: owner.id, label: quote.quoteNumber }]);
  });
});

describe("retrying an answer", () => {
  it("answers an acceptance retried with its Idempotency-Key with the stored answer, one invoice, whose PDF is there", async () => {
    const { company: acme, owner } = await company("Retry Ltd");
    const draftQuote = await admin.client.post("/api/quotes", {
      companyId: acme.id,
      title: "Build",
      lines: [{ description: "Build", quantity: "2", unitPrice: "250" }],
      validUntil: inDays(30),
      invoicing: "full",
    });
    await send(draftQuote.body.id);
    const body = { signerName: owner.name, signature: PNG, accept: true };
    const headers = { "Idempotency-Key": "retry-accept-1" };
    const first = await owner.client.request("POST", `/api/quotes/${draftQuote.body.id}/accept`, body, headers);
    const again = await owner.client.request("POST", `/api/quotes/${draftQuote.body.id}/accept`, body, headers);
    expect(first.status).toBe(200);
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body).toEqual(first.body);
    // Without the key, the same request is a second answer: refused.
    expect((await owner.client.post(`/api/quotes/${draftQuote.body.id}/accept`, body)).status).toBe(409);

    const invoiceId = first.body.invoice!.id;
    // Stored after the answer's commit, on the issuer's behalf, before any download asked for it.
    expect((await admin.client.get(`/api/invoices/${invoiceId}`)).body.pdf).toMatchObject({ name: expect.stringMatching(/\.pdf$/) });
    const pdf = await owner.client.raw(`/api/invoices/${invoiceId}/pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect((await admin.client.get(`/api/invoices?companyId=${acme.id}`)).body.items).toHaveLength(1);
  });
});
