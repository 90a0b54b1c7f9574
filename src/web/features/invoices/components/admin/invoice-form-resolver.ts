import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { createInvoiceInputSchema } from "@/web/lib/schemas/invoice";
import type { InvoiceFormValues, InvoiceSubmit } from "./invoice-form-values";

// Synchronous, like the parity tests: parsed asynchronously, empty notes came out "" instead of null.
const check = zodResolver(createInvoiceInputSchema, undefined, { mode: "sync" });

/**
 * Both dialogs' checks, by the server's rules (the zod/mini copy of its schema): the form holds an
 * Amount and lines at once, the API takes exactly one, so the one not in use is left out first.
 * No lines means the single Amount.
 */
export const invoiceFormResolver: Resolver<InvoiceFormValues, unknown, InvoiceSubmit> = async (values, context, options) => {
  const itemized = values.lines.length > 0;
  const sent = { ...values, amount: itemized ? undefined : values.amount, lines: itemized ? values.lines : undefined };
  return (await check(sent as never, context, options as never)) as Awaited<ReturnType<Resolver<InvoiceFormValues, unknown, InvoiceSubmit>>>;
};
