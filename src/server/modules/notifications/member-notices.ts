import type { MemberJoined } from "@/server/changes/change";
import { notify, type NotificationWriter } from "./notify";

/** Someone accepted an invitation to a company: the team hears of it, under their name or, without one yet, their address. */
export async function notifyOfNewMember(tx: NotificationWriter, member: MemberJoined): Promise<void> {
  const name = member.name ?? member.email;
  await notify(tx, { kind: "member_joined", companyId: member.companyId, actor: { userId: member.userId, name }, excerpt: name }, { admins: true });
}
