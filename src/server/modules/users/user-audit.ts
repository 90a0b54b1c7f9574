import { eq } from "drizzle-orm";
import type { AuditKind } from "@/shared/rules/audit";
import { companyUsers } from "@/server/db/schema";
import { auditBy } from "@/server/changes/audit-entry";
import type { ServiceContext } from "../context";

/**
 * An admin's action on an account, in the action's transaction (ADR 027): `ctx.db` is that
 * transaction (`{ ...ctx, db: tx }`). The account's company is recorded too, so the log filtered
 * by a customer company shows what was done to its people.
 */
export async function auditUserAction(
  ctx: ServiceContext,
  { kind, target, details = {} }: { kind: AuditKind; target: { id: string; email: string }; details?: Record<string, string> },
): Promise<void> {
  const tx = ctx.db;
  const [membership] = await tx.select({ companyId: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, target.id));
  await ctx.record(tx, { audit: auditBy(ctx, { kind, companyId: membership?.companyId ?? null, target: { type: "user", id: target.id, label: target.email }, details }) });
}
