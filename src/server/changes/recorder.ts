import type { ChangeListener, ChangeRecorder } from "./change";

/**
 * A recorder that runs `listeners` one after the other in the caller's transaction (ADR 040): what
 * they write exists exactly when the change does, and a listener that fails fails the write.
 * Sequential because a transaction is one connection: its statements run one at a time anyway.
 */
export function changeRecorder(listeners: readonly ChangeListener[]): ChangeRecorder {
  return async (tx, change) => {
    for (const listen of listeners) await listen(tx, change);
  };
}
