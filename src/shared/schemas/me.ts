import { z } from "zod";
import { roles } from "../enums";

export const meSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Me = z.infer<typeof meSchema>;
