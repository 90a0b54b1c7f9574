// Deliberate violations outside *.service.ts: a (ctx, …) function with a second positional
// argument, and one whose input carries the dependencies.
import type { ServiceContext } from "./context";

export async function renderPreview(ctx: ServiceContext, deps: { brand: string }, invoiceId: string): Promise<string> {
  return `${deps.brand}:${invoiceId}:${ctx.actor.userId}`;
}

export async function exportRows(ctx: Pick<ServiceContext, "db">, { db, query }: { db: ServiceContext["db"]; query: string }): Promise<unknown[]> {
  return [ctx, await db.query(query)];
}
