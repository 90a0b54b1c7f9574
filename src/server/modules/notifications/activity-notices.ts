import { sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { HistoryChange, HistoryEntry, RecordRef } from "@/server/changes/change";
import { companies, companyUsers, projectComments, projects, ticketComments, tickets } from "@/server/db/schema";
import { notify, rowsOf, type NotificationEvent, type NotificationWriter } from "./notify";

/**
 * The customers taking part in a thread: who opened the ticket and who commented, while they are
 * still members of its company (someone who left hears nothing more of it).
 */
function threadParticipants(subject: RecordRef) {
  const authors =
    subject.type === "ticket"
      ? sql`select ${tickets.createdBy} as id from ${tickets} where ${tickets.id} = ${subject.id}
            union select ${ticketComments.userId} from ${ticketComments} where ${ticketComments.ticketId} = ${subject.id}`
      : sql`select ${projectComments.userId} as id from ${projectComments} where ${projectComments.projectId} = ${subject.id}`;
  return sql`select t.id from (${authors}) t join ${companyUsers} on ${companyUsers.userId} = t.id and ${companyUsers.companyId} = ${subject.companyId}`;
}

const assigneeOf = (projectId: string) => sql`select ${projects.assignedTo} as id from ${projects} where ${projects.id} = ${projectId}`;

/** The company's name as it is at the payment, for the team's line (kept as the excerpt, as a new member's name is). */
async function companyName(tx: NotificationWriter, companyId: string): Promise<string | null> {
  const result = await tx.execute(sql`select ${companies.name} as name from ${companies} where ${companies.id} = ${companyId}`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? null;
}

/** The change worth telling an assignee first: a status, else the first field. */
const headline = (entries: readonly HistoryEntry[]) => entries.find((entry) => entry.field === "status") ?? entries[0];

/**
 * Who hears of what was just recorded in a record's history (issue 17, ADR 029), in the same
 * transaction. Customers: a ticket's status, a new project, a new invoice, a payment received, and
 * replies on threads they take part in; the team: new tickets, customers' comments and payments; a
 * project's assignee: everything on it; a quote sent, its company's members who may answer it,
 * and its answer, the team. Entries hidden from customers (a draft invoice's) notify
 * nobody: they are the provider's own work in progress (and a draft takes no payment).
 */
export async function notifyOfActivity(tx: NotificationWriter, { actor, subject, entries, adminOnly = false, excerpt }: HistoryChange): Promise<void> {
  if (adminOnly || entries.length === 0) return;
  const customerActed = !can(actor, "readAll", subject.type);
  const base = { companyId: subject.companyId, record: { type: subject.type, id: subject.id }, actor: { userId: actor.userId, name: actor.name } } as const;
  const event = (kind: NotificationEvent["kind"], more: Partial<NotificationEvent> = {}): NotificationEvent => ({ ...base, kind, ...more });
  const kinds = new Set(entries.map((entry) => entry.kind));

  if (kinds.has("commented")) {
    const notified = customerActed ? await notify(tx, event("customer_comment", { excerpt }), { admins: true }) : [];
    await notify(tx, event("comment_reply", { excerpt }), { users: threadParticipants(subject) }, notified);
    if (subject.type === "project") await notify(tx, event("assigned_project", { excerpt }), { users: assigneeOf(subject.id) }, notified);
    return;
  }
  switch (subject.type) {
    case "ticket": {
      if (kinds.has("created") && customerActed) await notify(tx, event("ticket_created"), { admins: true });
      const status = entries.find((entry) => entry.kind === "changed" && entry.field === "status");
      if (status) await notify(tx, event("ticket_status", { field: "status", from: status.from ?? null, to: status.to ?? null }), { members: true });
      return;
    }
    case "project": {
      if (kinds.has("created")) await notify(tx, event("project_created"), { members: true });
      // Read after the change: a newly assigned team member hears of their assignment.
      const changes = entries.filter((entry) => entry.kind === "changed");
      const first = headline(changes);
      if (first) await notify(tx, event("assigned_project", { field: first.field ?? null, from: first.from ?? null, to: first.to ?? null }), { users: assigneeOf(subject.id) });
      return;
    }
    case "invoice": {
      // Created already issued, or a draft issued now; a void by re-issue is told by its replacement.
      if (kinds.has("created") || kinds.has("issued")) await notify(tx, event("invoice_issued"), { members: true });
      // Money received (issue 41), recorded by an admin or confirmed by the provider for the online
      // payer, who acted and so hears nothing here: their receipt mail says it. A removed or refunded
      // payment notifies nobody: both are the team's own doing (a correction here, a refund made at
      // the provider), not news of money received.
      const payment = entries.find((entry) => entry.kind === "payment_recorded");
      if (payment) {
        const amount = { to: payment.to ?? null };
        const notified = await notify(tx, event("customer_payment", { ...amount, excerpt: await companyName(tx, subject.companyId) }), { admins: true });
        await notify(tx, event("payment_received", amount), { members: true }, notified);
      }
      return;
    }
    case "quote": {
      // Sent: the members who may sign hear of it; answered: the team, with the answer in `to`.
      if (kinds.has("sent")) await notify(tx, event("quote_sent"), { quoteAnswerers: true });
      const answer = kinds.has("accepted") ? "accepted" : kinds.has("declined") ? "declined" : null;
      if (answer) await notify(tx, event("quote_answered", { to: answer }), { admins: true });
      return;
    }
  }
}
