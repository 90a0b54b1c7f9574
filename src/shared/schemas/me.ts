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
  /**
   * Two-factor sign-in (ADR 019): whether it is on, and whether this account must turn it on
   * before anything else answers it (an admin while the server sets REQUIRE_ADMIN_2FA).
   */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});
export type Me = z.infer<typeof meSchema>;
