import type { StoredFile } from "@/shared/schemas/file";

/**
 * A record that may list attachments (a ticket's detail, a comment, a message). Optional: a
 * summary (the ticket list, a conversation card's preview) leaves them out, and so does an answer
 * cached by an older build.
 */
export interface WithAttachments {
  attachments?: StoredFile[] | undefined;
}
