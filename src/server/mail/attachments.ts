import type { Database } from "../db/client";
import type { MailAttachment } from "../db/schema";
import type { MailFrame } from "./templates";
import type { AttachedFile } from "./transport";

/**
 * A mail's attachments, rendered by the worker at each attempt from what the outbox row names
 * (ADR 013, 043). A row carries a description, not bytes, rather than naming a stored file (ADR
 * 022): the cause's transaction writes nothing heavy and nothing outside the database (a file
 * store's bytes would have to be put before the commit, and removed again after a rollback); a
 * rendering that fails is retried like a refused delivery; and no file is kept for a mail that is
 * sent once. Each kind's renderer is loaded on first use, so the worker's start-up and mail
 * without attachments do not load pdfkit (ADR 007).
 */
const renderers: { [K in MailAttachment["kind"]]: (db: Database, frame: MailFrame, attachment: Extract<MailAttachment, { kind: K }>) => Promise<AttachedFile> } = {
  "payment-receipt": async (db, frame, { paymentId, amountDue, locale }) => {
    const { renderPaymentReceipt } = await import("../modules/payments/receipt-pdf-data");
    return renderPaymentReceipt(db, { paymentId, amountDue, locale, brandName: frame.brandName });
  },
};

export async function renderAttachments(db: Database, frame: MailFrame, attachments: readonly MailAttachment[] | null): Promise<AttachedFile[]> {
  const files: AttachedFile[] = [];
  for (const attachment of attachments ?? []) files.push(await renderers[attachment.kind](db, frame, attachment));
  return files;
}
