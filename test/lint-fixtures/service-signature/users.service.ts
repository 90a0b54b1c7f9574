// Deliberate violations: each service takes a process dependency in its input.
import type { FileStore, Logger, ServiceContext } from "./context";

/** The action's input names the logger: a local interface is looked into. */
interface UserAction {
  id: string;
  log: Logger;
}

export async function deactivateUser(ctx: ServiceContext, { id }: UserAction): Promise<string> {
  return `${ctx.actor.userId} deactivated ${id}`;
}

export async function removeAvatar(ctx: ServiceContext, { store, id }: { store: FileStore; id: string }): Promise<void> {
  await store.put(id);
}

export async function sendReset(ctx: ServiceContext, input: { id: string } & { auth: { reset(id: string): Promise<void> } }): Promise<void> {
  await input.auth.reset(input.id);
}

export async function rotateSecret(ctx: ServiceContext, { id, settings }: { id: string; settings: { secret: string } }): Promise<string> {
  return `${id}:${settings.secret}`;
}
