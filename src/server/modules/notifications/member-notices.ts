import { notify, type NotificationWriter } from "./notify";

/** Someone accepted an invitation to a company: the team hears of it. */
export async function notifyOfNewMember(tx: NotificationWriter, member: { userId: string; name: string; companyId: string }): Promise<void> {
  await notify(tx, { kind: "member_joined", companyId: member.companyId, actor: { userId: member.userId, name: member.name }, excerpt: member.name }, { admins: true });
}
