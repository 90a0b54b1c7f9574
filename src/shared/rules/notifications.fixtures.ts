import type { NotificationWords } from "./notifications";

/*
 * Notifications for the tests that word them (the shared sentence, the web panel's translated one):
 * a message from Alex Admin to Acme Ltd unless `n` says otherwise, and one record of each kind.
 */

export const companyId = "11111111-1111-4111-8111-111111111111";
export const recordId = "22222222-2222-4222-8222-222222222222";

export const words = (n: Partial<NotificationWords>): NotificationWords => ({
  kind: "message",
  subject: { type: "conversation", id: companyId, label: "Acme Ltd", slug: null },
  actorName: "Alex Admin",
  field: null,
  from: null,
  to: null,
  excerpt: null,
  ...n,
});

export const ticket = { type: "ticket" as const, id: recordId, label: "Export fails", slug: null };
export const invoice = { type: "invoice" as const, id: recordId, label: "INV-7", slug: null };
export const project = { type: "project" as const, id: recordId, label: "Rebrand", slug: "rebrand" };
export const company = { type: "company" as const, id: companyId, label: "Acme Ltd", slug: null };
