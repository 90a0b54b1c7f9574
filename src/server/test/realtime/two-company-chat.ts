import { onTestFinished } from "vitest";
import type { TestUser } from "../harness";
import { LiveView } from "./live-view";

export interface ChatCast {
  admin: TestUser;
  /** Acme's two customers. */
  alice: TestUser;
  bob: TestUser;
  /** Globex's customer. */
  gary: TestUser;
}

/** Who writes, under which name, and for which company (an admin must name it; a customer must not). */
export type ChatSender = [user: TestUser, name: string, companyId: string | undefined];

/**
 * The chat the realtime proofs (chaos, scale-out) run: two companies, an admin in both. Opens one
 * live view per reader, closed when the test finishes, and names every sender.
 */
export async function openTwoCompanyChat(cast: ChatCast, acmeId: string, globexId: string) {
  const { admin, alice, bob, gary } = cast;
  const acmeViews = [new LiveView(alice), new LiveView(bob), new LiveView(admin, acmeId)];
  const globexViews = [new LiveView(gary), new LiveView(admin, globexId)];
  const views = [...acmeViews, ...globexViews];
  onTestFinished(() => Promise.all(views.map((view) => view.stop())).then(() => {}));
  await Promise.all(views.map((view) => view.start()));
  const senders: ChatSender[] = [
    [alice, "alice", undefined],
    [bob, "bob", undefined],
    [admin, "admin", acmeId],
    [gary, "gary", undefined],
    [admin, "admin-globex", globexId],
  ];
  return { acmeViews, globexViews, views, senders };
}
