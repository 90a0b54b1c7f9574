import type { AccessRecordType } from "@/shared/rules/access-log";
import { listOf, type ChangeListener, type ChangeActor } from "@/server/changes/change";
import { appendAccess, type AccessRef } from "./access-writes";
import { isStaff } from "./staff";

/** The history subjects the access log names (a quote is not one of the records it covers). */
const RECORDED: ReadonlySet<string> = new Set<AccessRecordType>(["ticket", "project", "invoice"]);

/**
 * The access log's listener (ADR 040, 050): a staff member's change of a company's ticket,
 * project or invoice (its history: edits, comments, attachments) or of its conversation (a
 * message), appended in the change's transaction. What the company does not see is not named
 * either: entries kept from customers (`adminOnly`: a draft invoice's, an internal note) are left out.
 */
export const accessListener: ChangeListener = async (tx, change) => {
  const byActor = new Map<string, { actor: ChangeActor; refs: AccessRef[] }>();
  const add = (actor: ChangeActor, ref: AccessRef) => {
    if (actor.userId === null || !isStaff(actor)) return;
    const entry = byActor.get(actor.userId) ?? { actor, refs: [] };
    byActor.set(actor.userId, entry);
    if (!entry.refs.some((known) => known.type === ref.type && known.id === ref.id)) entry.refs.push(ref);
  };
  for (const history of listOf(change.history)) {
    if (history.adminOnly || !RECORDED.has(history.subject.type)) continue;
    add(history.actor, { type: history.subject.type as AccessRecordType, id: history.subject.id, companyId: history.subject.companyId });
  }
  if (change.message) add(change.message.actor, { type: "conversation", id: change.message.companyId, companyId: change.message.companyId });
  for (const { actor, refs } of byActor.values()) {
    await appendAccess(tx, { actor: { userId: actor.userId!, name: actor.name, email: null }, access: "change", refs });
  }
};
