import { sql } from "drizzle-orm";
import type { InvoiceStatus } from "@/shared/enums";
import { invoices } from "@/server/db/schema";

/*
 * What an invoice's payments make of it (ADR 043), derived in SQL once for every answer, list
 * filter and export: `amount_paid` is kept by the payments ledger (payments/ledger.ts).
 */

/** The status every answer shows: a stored `unpaid` with money on it reads `partially_paid`. */
export const shownStatusColumn = sql<InvoiceStatus>`(CASE WHEN ${invoices.status} = 'unpaid' AND ${invoices.amountPaid} > 0 THEN 'partially_paid' ELSE ${invoices.status}::text END)`;

/** What is left to pay, exactly, with two decimals ("60.00"): nothing once paid or void. */
export const amountDueColumn = sql<string>`(CASE WHEN ${invoices.status} IN ('paid', 'void') THEN 0 ELSE ${invoices.amount} - ${invoices.amountPaid} END)::numeric(12, 2)::text`;

/** Owed and not yet paid: the stored unpaid ones, partly paid or not, at what is left of each. */
export const owedColumn = sql`(${invoices.amount} - ${invoices.amountPaid})`;
