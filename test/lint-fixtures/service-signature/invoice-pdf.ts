// Conforms: a helper outside *.service.ts that takes the context is held to the same signature,
// and its other exports (which take no context) are not services.
import type { FileStore, ServiceContext } from "./context";

export async function ensurePdf(ctx: Pick<ServiceContext, "db" | "store">, input: { id: string; alreadyAnnounced?: boolean }): Promise<void> {
  await ctx.store.put(input.id);
}

export async function storeBytes(store: FileStore, id: string, extra: string): Promise<void> {
  await store.put(`${id}${extra}`);
}
