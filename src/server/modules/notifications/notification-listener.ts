import { listOf, type ChangeListener } from "@/server/changes/change";
import { notifyOfActivity } from "./activity-notices";
import { notifyOfNewMember } from "./member-notices";
import { notifyOfMessage } from "./message-notices";
import { notify } from "./notify";

/**
 * The notifications' listener (ADR 029, 040): who hears of a change is decided here, in the
 * change's transaction, so a notification exists exactly when its change does. A record's history,
 * a chat message, a member who joined and an overdue invoice notify; nothing else does.
 */
export const notificationListener: ChangeListener = async (tx, change) => {
  for (const history of listOf(change.history)) await notifyOfActivity(tx, history);
  if (change.message) await notifyOfMessage(tx, change.message);
  if (change.memberJoined) await notifyOfNewMember(tx, change.memberJoined);
  if (change.invoiceOverdue) {
    const { companyId, invoiceId } = change.invoiceOverdue;
    await notify(tx, { kind: "invoice_overdue", companyId, record: { type: "invoice", id: invoiceId }, actor: { userId: null, name: null } }, { members: true });
  }
};
