// Conforms: every export takes (ctx, input), and the dependencies come from the context.
import type { ServiceContext } from "./context";

export const INVOICE_PAGE = 20;

export async function listInvoices({ db }: ServiceContext): Promise<unknown[]> {
  return db.query("select 1");
}

export async function removeInvoicePdf(ctx: ServiceContext, { id }: { id: string }): Promise<void> {
  await ctx.store.put(id);
  ctx.log.info(`removed the PDF of ${id}`);
}

/** A name that merely starts like a dependency is no dependency. */
export const renameInvoice = async (ctx: ServiceContext, input: { id: string; storedName: string; logLine?: string }) => [ctx, input];
