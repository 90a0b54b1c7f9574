import { z } from "zod";
import { companyRoles, roles } from "../enums";
import { locales } from "../locales";
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
  /** The language picked on the account page (ADR 032); null: the browser's languages decide. */
  locale: z.enum(locales).nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** The account page's language picker: one of Portico's languages, or null to follow the browser. */
export const localeChoiceSchema = z.object({ locale: z.enum(locales).nullable() });
export type LocaleChoice = z.infer<typeof localeChoiceSchema>;
