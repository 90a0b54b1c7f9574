import { can } from "@/shared/policies";
import type { MessageSent } from "@/server/changes/change";
import { notify, type NotificationWriter } from "./notify";

/**
 * A chat message, in the transaction that stores it (ADR 029): the team's message reaches every
 * member of the company, a customer's reaches the team.
 */
export async function notifyOfMessage(tx: NotificationWriter, { actor, ...message }: MessageSent): Promise<void> {
  const fromTeam = can(actor, "readAll", "conversation");
  await notify(
    tx,
    { kind: fromTeam ? "message" : "customer_message", companyId: message.companyId, actor: { userId: actor.userId, name: actor.name }, excerpt: message.content },
    fromTeam ? { members: true } : { admins: true },
  );
}
