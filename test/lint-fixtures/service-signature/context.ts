/** A stand-in for src/server/modules/context.ts: the rule reads the type's name, not its members. */
export interface ServiceContext {
  db: { query(sql: string): Promise<unknown[]> };
  actor: { userId: string };
  store: { put(id: string): Promise<void> };
  log: { info(message: string): void };
}

export interface FileStore {
  put(id: string): Promise<void>;
}

export interface Logger {
  info(message: string): void;
}
