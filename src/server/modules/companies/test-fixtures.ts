import type { Company } from "../../../shared/schemas/company";
import { companyUsers } from "../../db/schema";
import type { PorticoEvent } from "../../realtime/event-bus";
import type { TestServer, TestUser } from "../../test/harness";

export type CustomerWithCompany = TestUser & { company: Company };

/** A signed-in customer who created their company through the profile form. */
export async function customerWithCompany(server: TestServer, name: string, profile: Record<string, unknown> = {}): Promise<CustomerWithCompany> {
  const user = await server.createUser({ name: `${name} Customer` });
  const response = await user.client.request("PUT", "/api/companies/mine", { name, ...profile });
  if (response.status !== 201) throw new Error(`company setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...user, company: response.body.company };
}

/** A second customer who joins an existing company (no API for inviting members exists). */
export async function addMember(server: TestServer, companyId: string): Promise<TestUser> {
  const user = await server.createUser();
  await server.deps.db.insert(companyUsers).values({ userId: user.id, companyId });
  return user;
}

/** Resolves with the next published event of this kind; subscribe before the write. */
export function nextEvent(server: TestServer, kind: PorticoEvent["kind"]): Promise<PorticoEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${kind} event`));
    }, 5000);
    const stop = server.deps.events.subscribe((event: PorticoEvent) => {
      if (event.kind !== kind) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}
