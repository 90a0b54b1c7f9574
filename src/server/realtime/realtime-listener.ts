import { listOf, type ChangeListener } from "@/server/changes/change";
import { announce } from "./announce";

/**
 * The realtime listener (ADR 038, 040): a change's events as NOTIFYs in its transaction, heard by
 * every process's streams at the commit and never after a rollback. Listed last, so a change is
 * announced after everything else it wrote; the NOTIFY goes out at the commit either way.
 */
export const realtimeListener: ChangeListener = async (tx, change) => {
  for (const event of listOf(change.announce)) await announce(tx, event);
};
