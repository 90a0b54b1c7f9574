import { z } from "zod";
import { roles } from "../enums";
import { namedRecordSchema } from "./records";

export const meSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  company: namedRecordSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;
