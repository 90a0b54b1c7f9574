import { z } from "zod";
import { companyRoles, roles } from "../enums";
import { namedRecordSchema } from "./records";

export const meSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** The caller's company and their role in it (ADR 015: owners manage its team). */
  company: namedRecordSchema.extend({ role: z.enum(companyRoles) }).nullable(),
});
export type Me = z.infer<typeof meSchema>;
