import { eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { ssoMessages } from "@/shared/rules/single-sign-on";
import type { CompanySso, CompanySsoInput } from "@/shared/schemas/single-sign-on";
import { companies, companySsoProviders, ssoDomains } from "@/server/db/schema";
import { isUniqueViolation } from "@/server/db/errors";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { redirectUriOf } from "./sso-providers";
import { sealClientSecret } from "./sso-secrets";

/** A company's sign-in settings are the provider's staff's to read and change, as site settings are. */
function mustManage(ctx: ServiceContext) {
  if (!can(ctx.actor, "update", "setting")) throw forbidden();
}

async function mustExist(ctx: ServiceContext, companyId: string) {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
}

/** A company's provider as the API shows it (never its secret), or null when it has none. */
export async function getCompanySso(ctx: ServiceContext, { companyId }: { companyId: string }): Promise<CompanySso | null> {
  mustManage(ctx);
  await mustExist(ctx, companyId);
  const [row] = await ctx.db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, companyId));
  if (!row) return null;
  const domains = await ctx.db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain);
  return {
    companyId,
    issuer: row.issuer,
    clientId: row.clientId,
    domains: domains.map((d) => d.domain),
    ssoOnly: row.ssoOnly,
    redirectUri: redirectUriOf({ BASE_URL: ctx.settings.baseUrl }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Sets a company's provider, its domains and "SSO only". The secret is sealed before it is
 * stored; left out, the stored one stays (a first save must send one). A domain another
 * company's provider has is refused (409): an address routes to one provider only.
 */
export async function saveCompanySso(ctx: ServiceContext, { companyId, input }: { companyId: string; input: CompanySsoInput }): Promise<CompanySso> {
  mustManage(ctx);
  await mustExist(ctx, companyId);
  try {
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ companyId: companySsoProviders.companyId }).from(companySsoProviders).where(eq(companySsoProviders.companyId, companyId)).for("update");
      if (!existing && !input.clientSecret) throw badRequest(ssoMessages.clientSecret, [{ field: "clientSecret", message: ssoMessages.clientSecret }]);
      const fields = {
        issuer: input.issuer,
        clientId: input.clientId,
        ssoOnly: input.ssoOnly ?? false,
        updatedAt: new Date(),
        ...(input.clientSecret ? { clientSecret: sealClientSecret(ctx.settings.singleSignOn.authSecret, input.clientSecret) } : {}),
      };
      if (existing) await tx.update(companySsoProviders).set(fields).where(eq(companySsoProviders.companyId, companyId));
      else await tx.insert(companySsoProviders).values({ ...fields, companyId, clientSecret: fields.clientSecret! });
      await tx.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId));
      await tx.insert(ssoDomains).values(input.domains.map((domain) => ({ domain, companyId })));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ssoMessages.domainTaken, [{ field: "domains", message: ssoMessages.domainTaken }]);
    throw error;
  }
  return (await getCompanySso(ctx, { companyId }))!;
}

/** Removes a company's provider: its members sign in with their passwords again. */
export async function removeCompanySso(ctx: ServiceContext, { companyId }: { companyId: string }): Promise<void> {
  mustManage(ctx);
  await mustExist(ctx, companyId);
  const removed = await ctx.db.delete(companySsoProviders).where(eq(companySsoProviders.companyId, companyId)).returning({ companyId: companySsoProviders.companyId });
  if (removed.length === 0) throw notFound("This company has no single sign-on");
}
