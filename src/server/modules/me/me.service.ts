import { eq } from "drizzle-orm";
import type { Me } from "@/shared/schemas/me";
import { companies } from "@/server/db/schema";
import type { ServiceContext } from "../context";

/** The caller as the web app shows them: the actor plus their company's name. */
export async function findMe({ db, actor }: ServiceContext, { mustEnrolTwoFactor }: { mustEnrolTwoFactor: boolean }): Promise<Me> {
  const [company] = actor.companyId
    ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, actor.companyId))
    : [];
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    company: company && actor.companyRole ? { ...company, role: actor.companyRole } : null,
    twoFactor: { enabled: actor.twoFactorEnabled, required: mustEnrolTwoFactor },
  };
}
