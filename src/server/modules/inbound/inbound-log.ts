import { desc, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { INBOUND_LOG_SHOWN } from "@/shared/rules/inbound";
import type { InboundMail } from "@/shared/schemas/inbound";
import { inboundMails, profiles } from "@/server/db/schema";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";

/** Admins: the latest inbound mails (INBOUND_LOG_SHOWN), newest first, each with its fate. */
export async function listInboundMails({ db, actor }: ServiceContext): Promise<InboundMail[]> {
  if (!can(actor, "readAll", "mail")) throw forbidden();
  const rows = await db
    .select({
      id: inboundMails.id,
      channel: inboundMails.channel,
      from: inboundMails.fromAddress,
      recipient: inboundMails.recipient,
      subject: inboundMails.subject,
      messageId: inboundMails.messageId,
      posted: inboundMails.posted,
      reason: inboundMails.reason,
      recordId: inboundMails.recordId,
      userId: profiles.id,
      userName: profiles.fullName,
      userEmail: profiles.email,
      createdAt: inboundMails.createdAt,
    })
    .from(inboundMails)
    .leftJoin(profiles, eq(profiles.id, inboundMails.userId))
    .orderBy(desc(inboundMails.createdAt), desc(inboundMails.id))
    .limit(INBOUND_LOG_SHOWN);
  return rows.map(({ userId, userName, userEmail, createdAt, ...row }) => ({
    ...row,
    user: userId && userName !== null && userEmail !== null ? { id: userId, name: userName, email: userEmail } : null,
    createdAt: createdAt.toISOString(),
  }));
}
