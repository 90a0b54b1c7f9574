import type { z } from "zod";
import type { createQuoteInputSchema, QuoteDetail } from "@/shared/schemas/quote";
import { expect } from "./fixtures";
import type { AdminApi } from "./customer-data";

/** A quote's body as the API takes it (the schema's input side: defaulted fields may be left out). */
export type NewQuote = Omit<z.input<typeof createQuoteInputSchema>, "companyId">;

/** Admin: a draft quote through POST /api/quotes, then sent with POST /api/quotes/{id}/send. */
export async function createSentQuote(admin: Pick<AdminApi, "request">, companyId: string, input: NewQuote): Promise<QuoteDetail> {
  const created = await admin.request.post("/api/quotes", { data: { companyId, ...input } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as QuoteDetail;
  const sent = await admin.request.post(`/api/quotes/${id}/send`);
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()) as QuoteDetail;
}
