import { z } from "@hono/zod-openapi";
import { QUOTE_PROSE } from "@/shared/schemas/quote";
import {
  acceptQuoteInputSchema,
  createQuoteInputSchema,
  declineQuoteInputSchema,
  quoteDetailSchema,
  quoteListQuerySchema,
  quotePageSchema,
  updateQuoteInputSchema,
} from "@/shared/schemas/quote";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idParams, idRead, idRemoval, idWrite, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { downloadHeaders } from "../files/download";
import { acceptQuote, declineQuote } from "./quote-answer";
import { createQuote, deleteDraftQuote, sendQuote, updateQuote } from "./quote-writes";
import { findQuote, listQuotes, quotePdf } from "./quotes.service";

/* Quotes (ADR 049): the team drafts and sends them; a company's owners accept with a signature, or decline. */

const route = sessionRoutes("Quotes");

const list = route.get("/", "listQuotes", "Quotes the caller may see, newest first", [400, 401], {
  description:
    "Admins: every company's, optionally of one `companyId`. Customers: their company's, never a draft (companyId is ignored). " +
    "`status` filters by the status shown: a sent quote past its `validUntil` day (TIME_ZONE's calendar) is `expired`.",
  ...queryRead(quoteListQuerySchema, quotePageSchema, "A page of quotes"),
});

const create = idempotent(
  route.post("/", "createQuote", "Admin: draft a quote for a company", [400, 401, 403], {
    description: `The number is the next of the series (\`Q-0001\`, …). Totals are computed from the lines as an invoice's are. ${QUOTE_PROSE}`,
    middleware: adminOnly,
    ...bodyWrite(createQuoteInputSchema, 201, quoteDetailSchema, "The draft quote"),
  }),
);

const get = route.get("/{id}", "getQuote", "One quote the caller may see, with its lines and answer", [400, 401, 404], {
  description: "Another company's quote, and a draft to a customer, answer 404. `canAnswer` says whether the caller may accept or decline it now.",
  ...idRead(quoteDetailSchema, "The quote"),
});

const update = route.patch("/{id}", "updateQuote", "Admin: change a draft quote", [400, 401, 403, 404, 409], {
  description: "A sent quote never changes: 409 naming `status`.",
  middleware: adminOnly,
  ...idWrite(updateQuoteInputSchema, 200, quoteDetailSchema, "The quote"),
});

const remove = route.delete("/{id}", "deleteQuote", "Admin: delete a draft quote", [400, 401, 403, 404, 409], {
  description: "A sent quote stays: 409 naming `status`.",
  middleware: adminOnly,
  ...idRemoval("Deleted"),
});

const send = route.post("/{id}/send", "sendQuote", "Admin: send a draft quote to its company", [400, 401, 403, 404, 409], {
  description:
    "Its PDF is rendered now and kept with its SHA-256: the document the customer reads, downloads and accepts. " +
    "Only a draft is sent (409 naming `status`); one whose `validUntil` is before today is 400 naming `validUntil`.",
  middleware: adminOnly,
  ...idRead(quoteDetailSchema, "The sent quote"),
});

// Answers are safe to retry (ADR 039): a client that lost the answer sends the same key and gets it again, not "already answered".
const accept = idempotent(route.post("/{id}/accept", "acceptQuote", "Accept and sign a sent quote (an owner of its company, or a member an owner allows)", [400, 401, 403, 404, 409], {
  description:
    "Stores the signer's typed name, the signature image, when, the caller's address and user agent, and the SHA-256 of the document sent. " +
    "Then, as the quote says, invoices nothing, its deposit, or all of it, issued or as a draft. Only a sent quote within its `validUntil` day is accepted: " +
    "an answered one is 409, an expired one 409, both naming `status`. Of two acceptances at once, one wins. Admins, and members who are not owners and not allowed to answer, get 403.",
  ...idWrite(acceptQuoteInputSchema, 200, quoteDetailSchema, "The accepted quote, with the invoice it made"),
}));

const decline = idempotent(route.post("/{id}/decline", "declineQuote", "Decline a sent quote, with a reason or none (an owner of its company, or a member an owner allows)", [400, 401, 403, 404, 409], {
  description: "As for accepting: a sent quote within its day, answered once (409 naming `status` otherwise); admins, and members who are not owners and not allowed to answer, get 403.",
  ...idWrite(declineQuoteInputSchema, 200, quoteDetailSchema, "The declined quote"),
}));

const pdf = route.get("/{id}/pdf", "getQuotePdf", "Download the quote's PDF", [400, 401, 404], {
  description:
    "A draft (admins only): a preview marked DRAFT, rendered for each request. Sent: the document sent, byte for byte (its SHA-256 is the quote's `documentSha256`). " +
    "Accepted: that document's content with the signature block: the signer's name, when, the signature, and the sent document's SHA-256.",
  request: { params: idParams },
  responses: {
    200: {
      description: "The PDF, as an attachment",
      headers: z.object({ "Content-Disposition": z.string().openapi({ description: "`attachment`, with the quote's number as the file name" }) }),
      content: { "application/pdf": { schema: { type: "string" as const, format: "binary" } } },
    },
  },
});

export function quoteRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listQuotes(c.var.ctx, c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await createQuote(c.var.ctx, c.req.valid("json")), 201))
    .openapi(get, async (c) => c.json(await findQuote(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(update, async (c) => c.json(await updateQuote(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") }), 200))
    .openapi(remove, async (c) => {
      await deleteDraftQuote(c.var.ctx, { id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(send, async (c) => c.json(await sendQuote(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(accept, async (c) => c.json(await acceptQuote(c.var.ctx, { id: c.req.valid("param").id, acceptance: c.req.valid("json") }), 200))
    .openapi(decline, async (c) => c.json(await declineQuote(c.var.ctx, { id: c.req.valid("param").id, decline: c.req.valid("json") }), 200))
    .openapi(pdf, async (c) => {
      const { name, bytes } = await quotePdf(c.var.ctx, c.req.valid("param").id);
      return c.body(new Uint8Array(bytes), 200, { ...downloadHeaders({ contentType: "application/pdf", name }), "Content-Length": String(bytes.length) });
    });
}
