import { and, eq, like, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import { nextQuoteNumber, QUOTE_NUMBER_PREFIX, quoteMessages } from "@/shared/rules/quote";
import { depositProblem } from "@/shared/rules/quote-deposit";
import type { CreateQuoteInput, QuoteDetail, UpdateQuoteInput } from "@/shared/schemas/quote";
import type { Database } from "@/server/db/client";
import { fieldChanges } from "@/server/changes/field-changes";
import { isUniqueViolation } from "@/server/db/errors";
import { activityEvents, companies, quotes } from "@/server/db/schema";
import { badRequest, conflict, forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { totalColumns } from "../invoices/invoice-lines";
import { renderSentDocument } from "./quote-document";
import { quoteEvent, quoteHistory, quoteWebhook } from "./quote-events";
import { quoteNotFound } from "./quote-select";
import { findQuote, quoteRead } from "./quotes.service";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type StoredQuote = typeof quotes.$inferSelect;

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);
const notDraft = () => conflict(quoteMessages.notDraft, [{ field: "status", message: quoteMessages.notDraft }]);

/** The series' highest number so far: `Q-` and digits only (a number of another shape is not of the series). */
async function latestNumber(db: Pick<Database, "select">): Promise<number | null> {
  const [row] = await db
    .select({ latest: sql<string | null>`max(substring(${quotes.quoteNumber} from ${QUOTE_NUMBER_PREFIX.length + 1}::int)::bigint)` })
    .from(quotes)
    .where(and(like(quotes.quoteNumber, `${QUOTE_NUMBER_PREFIX}%`), sql`${quotes.quoteNumber} ~ ${`^${QUOTE_NUMBER_PREFIX}[0-9]{1,15}$`}`));
  return row?.latest == null ? null : Number(row.latest);
}

/** How often the next number is chosen again after another create took it first (the unique index decides). */
const NUMBER_ATTEMPTS = 5;

/** The checks of the fields as they will stand: the company, the day, the deposit against the total. */
async function checkFields(db: Pick<Database, "select">, fields: Pick<StoredQuote, "companyId" | "validUntil" | "invoicing" | "amount" | "depositPercent" | "depositAmount">, today: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, fields.companyId));
  if (!company) throw fieldError("companyId", quoteMessages.chooseCompany);
  if (fields.validUntil < today) throw fieldError("validUntil", quoteMessages.validUntilPast);
  const deposit = depositProblem(fields);
  if (deposit) throw fieldError(deposit.field, deposit.message);
}

/** A draft quote, numbered next in its series (`Q-0001`, …) by the server. */
export async function createQuote(ctx: ServiceContext, input: CreateQuoteInput): Promise<QuoteDetail> {
  const { actor } = ctx;
  if (!can(actor, "create", "quote")) throw forbidden();
  const { today } = quoteRead(ctx);
  const values = {
    companyId: input.companyId,
    title: input.title,
    lines: input.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null })),
    ...totalColumns(input.lines),
    notes: input.notes ?? null,
    terms: input.terms ?? null,
    validUntil: input.validUntil,
    invoicing: input.invoicing,
    depositPercent: input.depositPercent ?? null,
    depositAmount: input.depositAmount ?? null,
    invoiceStatus: input.invoiceStatus,
    createdBy: actor.userId,
  };
  await checkFields(ctx.db, values, today);
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(quotes)
          .values({ ...values, quoteNumber: nextQuoteNumber(await latestNumber(tx)) })
          .returning({ id: quotes.id });
        await ctx.record(tx, {
          ...quoteHistory(actor, { id: created!.id, companyId: values.companyId }, [{ kind: "created" }], { draft: true }),
          announce: quoteEvent({ id: created!.id, companyId: values.companyId, status: "draft" }),
        });
        return created!.id;
      });
      return await findQuote(ctx, id);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= NUMBER_ATTEMPTS) throw error;
    }
  }
}

/** The draft, locked for the rest of the transaction; 404 outside the caller's scope, 409 once sent. */
async function lockedDraft(tx: Tx, id: string): Promise<StoredQuote> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!row) throw quoteNotFound();
  if (row.status !== "draft") throw notDraft();
  return row;
}

/** The columns a draft's history records (shared/rules/activity.ts); one the edit leaves out stays undefined, unchanged. */
const historyFields = (quote: Partial<Pick<StoredQuote, "title" | "amount" | "validUntil" | "notes" | "terms">>) => ({
  title: quote.title,
  amount: quote.amount,
  validUntil: quote.validUntil,
  notes: quote.notes,
  terms: quote.terms,
});

/** An admin's edit of a draft; a sent quote never changes (409). */
export async function updateQuote(ctx: ServiceContext, { id, changes }: { id: string; changes: UpdateQuoteInput }): Promise<QuoteDetail> {
  if (!can(ctx.actor, "update", "quote")) throw forbidden();
  const { today } = quoteRead(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedDraft(tx, id);
    const { lines, ...fields } = changes;
    const next = {
      ...fields,
      ...(lines ? { lines: lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null })), ...totalColumns(lines) } : {}),
    };
    const merged = { ...current, ...Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) } as StoredQuote;
    await checkFields(tx, merged, today);
    await tx.update(quotes).set({ ...next, updatedAt: new Date() }).where(eq(quotes.id, id));
    // A draft moved to another company takes its history along (the tenant rule of every history read), as an invoice's does.
    if (merged.companyId !== current.companyId) await tx.update(activityEvents).set({ companyId: merged.companyId }).where(eq(activityEvents.quoteId, id));
    await ctx.record(tx, {
      ...quoteHistory(ctx.actor, merged, fieldChanges("quote", historyFields(current), historyFields(next)), { draft: true }),
      announce: [quoteEvent(current), ...(merged.companyId === current.companyId ? [] : [quoteEvent(merged)])],
    });
  });
  return findQuote(ctx, id);
}

/** Deletes a draft; a sent quote stays (409). */
export async function deleteDraftQuote(ctx: ServiceContext, { id }: { id: string }): Promise<void> {
  if (!can(ctx.actor, "update", "quote")) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const current = await lockedDraft(tx, id);
    await tx.delete(quotes).where(eq(quotes.id, id));
    await ctx.record(tx, { announce: quoteEvent(current) });
  });
}

/**
 * Sends a draft: its PDF is rendered now and kept with its SHA-256, the document the customer
 * reads and accepts (ADR 049). A quote whose last day has passed cannot be sent (400 naming
 * `validUntil`: change the day first). The company's customers see it from the commit on.
 */
export async function sendQuote(ctx: ServiceContext, id: string): Promise<QuoteDetail> {
  if (!can(ctx.actor, "update", "quote")) throw forbidden();
  const { today } = quoteRead(ctx);
  const draft = await findQuote(ctx, id);
  // Rendered before the transaction: the PDF takes a while, and the row stays unlocked meanwhile.
  const document = await renderSentDocument(ctx, { quote: draft, sentOn: today });
  await ctx.db.transaction(async (tx) => {
    const current = await lockedDraft(tx, id);
    // An edit between the read and the lock would not be in the document: refuse rather than send stale.
    if (current.updatedAt.getTime() !== new Date(draft.updatedAt).getTime()) throw conflict("The quote changed while it was being sent: send it again");
    if (current.validUntil < today) throw fieldError("validUntil", quoteMessages.validUntilPast);
    const sentAt = ctx.clock.now();
    await tx.update(quotes).set({ status: "sent", sentAt, document: document.bytes, documentSha256: document.sha256, updatedAt: new Date() }).where(eq(quotes.id, id));
    await ctx.record(tx, {
      ...quoteHistory(ctx.actor, current, [{ kind: "sent" }], { draft: false }),
      ...quoteWebhook({ type: "quote.sent", quote: current, by: ctx.actor }),
      announce: quoteEvent({ ...current, status: "sent" }),
    });
  });
  return findQuote(ctx, id);
}
