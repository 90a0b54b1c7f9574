import { z } from "zod";
import { instantSchema } from "./records";

/**
 * A stored file as every answer shows it: an invoice's PDF, an attachment of a ticket, a comment or
 * a chat message. Its bytes are at `GET /api/files/{id}`, for whoever may see its record.
 */
export const fileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Decided from the bytes at upload (one of the allowed types). */
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int().positive(),
  createdAt: instantSchema,
  /** The uploader; null once their account is gone. */
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type StoredFile = z.infer<typeof fileSchema>;

export const attachmentsShape = { attachments: z.array(fileSchema) };
