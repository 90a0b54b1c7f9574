import { eq, sql } from "drizzle-orm";
import type { Message } from "@/shared/schemas/message";
import { messages, profiles, userRoles } from "../../db/schema";

/** Columns of a message with its sender, for selects that left-join profiles and user_roles. */
export const messageColumns = {
  id: messages.id,
  companyId: messages.companyId,
  content: messages.content,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
  senderId: profiles.id,
  senderName: profiles.fullName,
  senderEmail: profiles.email,
  senderRole: userRoles.role,
};

export const senderProfile = eq(profiles.id, messages.senderId);
export const senderRole = eq(userRoles.userId, messages.senderId);

/**
 * A message the provider team has to read: its sender is not an admin. A sender whose account was
 * deleted counts as a customer, so nothing a customer wrote can slip out of the unread count.
 */
export const fromCustomerSide = sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${messages.senderId} and ${userRoles.role} = 'admin')`;
export const fromProviderSide = sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${messages.senderId} and ${userRoles.role} = 'admin')`;

export interface MessageRow {
  id: string;
  companyId: string;
  content: string;
  isRead: boolean;
  createdAt: Date | string;
  senderId: string | null;
  senderName: string | null;
  senderEmail: string | null;
  senderRole: string | null;
}

export const toIso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A message as answers show it, before its attachments are added (one query per list: file-select.ts). */
export type MessageWithoutFiles = Omit<Message, "attachments">;

export function toMessage(row: MessageRow): MessageWithoutFiles {
  return {
    id: row.id,
    companyId: row.companyId,
    content: row.content,
    isRead: row.isRead,
    createdAt: toIso(row.createdAt),
    sender:
      row.senderId === null
        ? null
        : { id: row.senderId, name: row.senderName ?? "", email: row.senderEmail ?? "", isAdmin: row.senderRole === "admin" },
  };
}
