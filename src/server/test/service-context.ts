import type { Actor } from "@/server/actor";
import { serviceContextOf, type ServiceDeps } from "@/server/http/service-context";
import type { ServiceContext } from "@/server/modules/context";

/**
 * The ServiceContext a request of `actor` gets on the test server (without a client address), for
 * a test that calls a service directly: the same store, logger, auth, settings and announcements
 * as the server's routes, so the test cannot drift from what a request sees.
 */
export function testServiceContext(server: { deps: ServiceDeps }, actor: Actor): ServiceContext {
  return serviceContextOf(server.deps)(actor);
}

/** The context of a company's owner acting on their own (an online payer, in the payment tests). */
export function ownerServiceContext(
  server: { deps: ServiceDeps },
  owner: { id: string; email: string; name: string },
  companyId: string,
): ServiceContext {
  return testServiceContext(server, { userId: owner.id, email: owner.email, name: owner.name, role: "customer", companyId, companyRole: "owner", sessionId: "payer", twoFactorEnabled: false });
}
