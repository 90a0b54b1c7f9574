import { z } from "zod";

/* Parts of the API's answers that many records share. */

/** A moment as the API writes it: ISO 8601 with its offset. */
export const instantSchema = z.iso.datetime({ offset: true });

/** `createdAt` and `updatedAt` of a record that can be edited, spread into its schema. */
export const timestampsShape = { createdAt: instantSchema, updatedAt: instantSchema };

/** Another record shown beside this one by its name: its company, its project. */
export const namedRecordSchema = z.object({ id: z.uuid(), name: z.string() });

/** A person shown beside a record (an author, an assignee), by name and address. */
export const personSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
