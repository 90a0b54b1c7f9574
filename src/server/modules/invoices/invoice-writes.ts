import { and, asc, eq, ne, sql } from "drizzle-orm";
import Big from "big.js";
import { can } from "@/shared/policies";
import { paymentMessages } from "@/shared/rules/payment";
import { invoiceMessages } from "@/shared/rules/invoice";
import type { CreateInvoiceInput, Invoice, InvoiceLineInput, UpdateInvoiceInput } from "@/shared/schemas/invoice";
import type { Database } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { activityEvents, companies, files, invoiceLines, invoices, timeEntries } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { Actor } from "@/server/actor";
import type { HistoryChange } from "@/server/changes/change";
import type { ServiceContext } from "../context";
import { fieldChanges } from "@/server/changes/field-changes";
import { invoiceScope } from "../scopes";
import { removeStoredBytes } from "../files/stored-bytes";
import { replaceLines, singleLine, totalColumns } from "./invoice-lines";
import { nextInvoiceNumber } from "./invoice-number";
import { invoiceTextColumns, textsCopiedOnReissue } from "./invoice-text-columns";
import { becomesIssued, checkTransition, invoiceEvent, isIssued, lockedEdit, notDeletable, notReissuable, statusColumns } from "./invoice-status";
import { todayIn } from "./overdue";
import { findInvoice } from "./invoices.service";
import { withIssuedPdf } from "./issued-pdf";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const duplicateNumber = () =>
  conflict("invoiceNumber: An invoice with this number already exists", [
    { field: "invoiceNumber", message: "An invoice with this number already exists" },
  ]);

const noSuchCompany = () => badRequest("companyId: No such company", [{ field: "companyId", message: "No such company" }]);

async function companyExists(db: Pick<Database, "select">, id: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return company !== undefined;
}

/** The unique index decides, not a prior lookup, so two simultaneous requests cannot both win. */
async function numbered<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

/** A new invoice; one created issued gets its generated PDF (issued-pdf.ts). */
export async function createInvoice(ctx: ServiceContext, input: CreateInvoiceInput): Promise<Invoice> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "invoice")) throw forbidden();
  if (!(await companyExists(db, input.companyId))) throw noSuchCompany();
  const { amount, lines = singleLine(amount!), status, ...fields } = input;
  // Money goes to numeric as text, so it is stored exactly; the totals are computed here.
  const id = await numbered(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(invoices)
        .values({ ...fields, status, ...totalColumns(lines), ...statusColumns(actor.userId, status) })
        .returning({ id: invoices.id });
      await replaceLines(tx, created!.id, lines);
      // A draft's history is the provider's until it is issued (ADR 026, 028).
      await ctx.record(tx, {
        history: { actor, subject: { type: "invoice", id: created!.id, companyId: input.companyId }, entries: [{ kind: "created" }], adminOnly: status === "draft" },
        announce: invoiceEvent({ id: created!.id, status, company: { id: input.companyId } }),
      });
      return created!.id;
    }),
  );
  return withIssuedPdf(ctx, { invoice: await findInvoice(ctx, id), becameIssued: becomesIssued(status) });
}

/** The stored lines as a change would send them, to tell an unchanged set from a new one. */
const storedLines = (db: Pick<Database, "select">, id: string) =>
  db
    .select({ id: invoiceLines.id, description: invoiceLines.description, quantity: invoiceLines.quantity, unitPrice: invoiceLines.unitPrice, taxRate: invoiceLines.taxRate, total: invoiceLines.lineTotal, tax: invoiceLines.lineTax })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));

/**
 * Edits an invoice within the status rules (invoice-status.ts). The row is locked while the rules
 * are checked, so an edit racing the one that issues it cannot change the amounts after all.
 * Issuing a draft that re-issues another voids that one in the same transaction, and gives the
 * issued invoice its generated PDF (issued-pdf.ts).
 */
export async function updateInvoice(ctx: ServiceContext, { id, changes: input }: { id: string; changes: UpdateInvoiceInput }): Promise<Invoice> {
  const { db, actor } = ctx;
  if (!can(actor, "update", "invoice")) throw forbidden();
  const { amount, lines = amount === undefined ? undefined : singleLine(amount), status, ...fields } = input;
  const result = await numbered(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          status: invoices.status,
          invoiceNumber: invoices.invoiceNumber,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          companyId: invoices.companyId,
          replacesId: invoices.replacesId,
          amount: invoices.amount,
          amountPaid: invoices.amountPaid,
          pdfUrl: invoices.pdfUrl,
          ...invoiceTextColumns,
        })
        .from(invoices)
        .where(and(eq(invoices.id, id), invoiceScope(actor).where))
        .for("update");
      if (!current) throw notFound("Invoice not found");
      const issueDate = input.issueDate ?? current.issueDate;
      const dueDate = input.dueDate === undefined ? current.dueDate : input.dueDate;
      if (dueDate && dueDate < issueDate) {
        throw badRequest(`dueDate: ${invoiceMessages.dueBeforeIssue}`, [{ field: "dueDate", message: invoiceMessages.dueBeforeIssue }]);
      }
      checkTransition(current.status, status);
      checkFollowsPayments(current, status);
      const locked = lockedEdit({ ...current, lines: lines && isIssued(current.status) ? await storedLines(tx, id) : [] }, input, lines);
      if (locked) throw locked;
      const movesCompany = input.companyId !== undefined && input.companyId !== current.companyId;
      if (movesCompany && !(await companyExists(tx, input.companyId!))) throw noSuchCompany();
      await tx
        .update(invoices)
        .set({ ...fields, status, ...(lines && totalColumns(lines)), ...statusColumns(actor.userId, status, current.status), updatedAt: new Date() })
        .where(eq(invoices.id, id));
      const totals = lines && totalColumns(lines);
      if (lines) await replaceLines(tx, id, lines);
      // A file's company is its owner's (the tenant rule of every file read); so is its history's.
      if (movesCompany) {
        await tx.update(files).set({ companyId: input.companyId! }).where(eq(files.invoiceId, id));
        await tx.update(activityEvents).set({ companyId: input.companyId! }).where(eq(activityEvents.invoiceId, id));
      }
      // Voided, its tracked time is unbilled again, to bill anew (ADR 047).
      if (status === "void" && current.status !== "void") await billTimeTo(tx, id, null);
      const becameIssued = becomesIssued(status, current.status);
      const { allowPartialPayment: _noHistory, ...recorded } = fields;
      const history = invoiceHistory(actor, { id, companyId: input.companyId ?? current.companyId }, current, { ...recorded, status, amount: totals ? totals.amount : undefined }, becameIssued);
      const voided = becameIssued && current.replacesId ? await voidReplaced(tx, actor, current.replacesId, id) : undefined;
      const event = invoiceEvent({ id, status: status ?? current.status, company: { id: input.companyId ?? current.companyId } });
      await ctx.record(tx, {
        history: voided ? [...history, voided.history] : history,
        announce: voided ? [event, invoiceEvent({ id: voided.id, status: "void", company: { id: voided.companyId } })] : event,
      });
      return { becameIssued };
    }),
  );
  return withIssuedPdf(ctx, { invoice: await findInvoice(ctx, id), becameIssued: result.becameIssued });
}

/**
 * An invoice's changes for its history. Issuing a draft reads "issued this invoice" for everyone;
 * what changed while it was a draft, and in the write that issues it, stays the provider's: the
 * draft's earlier number or amount is nobody else's business (ADR 026, 028).
 */
function invoiceHistory(
  actor: Actor,
  invoice: { id: string; companyId: string },
  before: Record<string, string | null>,
  after: Record<string, string | null | undefined>,
  becameIssued: boolean,
): HistoryChange[] {
  const subject = { type: "invoice" as const, ...invoice };
  const changes = fieldChanges("invoice", before, after);
  if (!becameIssued) return [{ actor, subject, entries: changes, adminOnly: (after.status ?? before.status) === "draft" }];
  return [
    { actor, subject, entries: changes.filter((change) => change.field !== "status"), adminOnly: true },
    { actor, subject, entries: [{ kind: "issued", to: after.status }] },
  ];
}

/**
 * With payments standing, the status follows them (ADR 043): a hand-set one is refused, and so is
 * voiding it (its payments are removed or refunded first). Sending the stored status is no change.
 */
function checkFollowsPayments(current: { status: string; amountPaid: string }, next: string | undefined) {
  if (next === undefined || next === current.status || !new Big(current.amountPaid).gt(0)) return;
  const message = next === "void" ? paymentMessages.voidWithPayments : paymentMessages.statusFollowsPayments;
  throw conflict(`status: ${message}`, [{ field: "status", message }]);
}

/** Moves the tracked time billed to invoice `from` to invoice `to`, or with null releases it. */
const billTimeTo = (tx: Tx, from: string, to: string | null) => tx.update(timeEntries).set({ invoiceId: to, updatedAt: new Date() }).where(eq(timeEntries.invoiceId, from));

/**
 * The original of an invoice just issued becomes void, unless it already is; answers it with its
 * line of history. Its tracked time is billed by the copy now, which bills the same lines.
 */
async function voidReplaced(tx: Tx, actor: Actor, originalId: string, copyId: string) {
  const [original] = await tx.select({ status: invoices.status, amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.id, originalId)).for("update");
  // Paid in part since the copy was made: its payments stand, so it cannot be voided by the copy either.
  if (original) checkFollowsPayments(original, "void");
  const [voided] = await tx
    .update(invoices)
    .set({ status: "void", voidedAt: new Date(), paidAt: null, paidBy: null, updatedAt: new Date() })
    .where(and(eq(invoices.id, originalId), ne(invoices.status, "void")))
    .returning({ id: invoices.id, companyId: invoices.companyId });
  if (!voided) return undefined;
  await billTimeTo(tx, originalId, copyId);
  const history: HistoryChange = { actor, subject: { type: "invoice", ...voided }, entries: [{ kind: "changed", field: "status", from: original?.status, to: "void" }] };
  return { ...voided, history };
}

const REISSUE_ATTEMPTS = 3;

/**
 * A draft copy of an unpaid or void invoice, to correct and issue in its place (ADR 026; not of a
 * partially paid one, whose payments stand: ADR 043): the same
 * company, lines, notes and due date, issued today under the next suggested number. A due date
 * already past would come before the new issue date, so the copy has none until the admin sets one.
 */
export async function reissueInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "invoice")) throw forbidden();
  const original = await findInvoice(ctx, id);
  if (original.status !== "unpaid" && original.status !== "void") throw notReissuable();
  const stored: InvoiceLineInput[] = (await storedLines(db, id)).map(({ description, quantity, unitPrice, taxRate }) => ({ description, quantity, unitPrice, taxRate }));
  // An invoice written without lines (seeded straight into the table) is copied as migration 0015
  // read such invoices: one untaxed line of its total, so the copy bills the same.
  const lines = stored.length ? stored : singleLine(original.amount);
  const issueDate = todayIn(ctx.billing.timeZone, ctx.clock.now());
  const dueDate = original.dueDate && original.dueDate >= issueDate ? original.dueDate : null;
  for (let attempt = 1; ; attempt++) {
    try {
      const copyId = await db.transaction(async (tx) => {
        const [copy] = await tx
          .insert(invoices)
          .values({
            companyId: original.company.id,
            invoiceNumber: await nextInvoiceNumber(tx),
            status: "draft",
            issueDate,
            dueDate,
            ...textsCopiedOnReissue(original),
            replacesId: id,
            ...totalColumns(lines),
          })
          .returning({ id: invoices.id });
        await replaceLines(tx, copy!.id, lines);
        await ctx.record(tx, {
          history: { actor, subject: { type: "invoice", id: copy!.id, companyId: original.company.id }, entries: [{ kind: "created" }], adminOnly: true },
          announce: invoiceEvent({ id: copy!.id, status: "draft", company: original.company }),
        });
        return copy!.id;
      });
      return await findInvoice(ctx, copyId);
    } catch (error) {
      // Another invoice took the suggested number meanwhile: suggest again.
      if (isUniqueViolation(error) && attempt < REISSUE_ATTEMPTS) continue;
      if (isUniqueViolation(error)) throw duplicateNumber();
      throw error;
    }
  }
}

/** Deletes a draft with its lines and stored PDF; an issued invoice is a record and stays (void it). */
export async function deleteDraftInvoice(ctx: ServiceContext, { id }: { id: string }): Promise<void> {
  const { db, actor, store } = ctx;
  if (!can(actor, "update", "invoice")) throw forbidden();
  const invoice = await findInvoice(ctx, id);
  if (isIssued(invoice.status)) throw notDeletable();
  const removedFiles = await db.transaction(async (tx) => {
    // Only while still a draft: one issued meanwhile is refused like any issued one.
    const [draft] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), sql`${invoices.status} = 'draft'`))
      .for("update");
    if (!draft) throw notDeletable();
    // Deleted explicitly rather than by the cascade, for the ids whose bytes go after the commit.
    const removed = await tx.delete(files).where(eq(files.invoiceId, id)).returning({ id: files.id });
    await tx.delete(invoices).where(eq(invoices.id, id));
    await ctx.record(tx, { announce: invoiceEvent(invoice) });
    return removed.map((row) => row.id);
  });
  await removeStoredBytes(db, store, removedFiles);
}
