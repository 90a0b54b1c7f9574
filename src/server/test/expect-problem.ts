import { expect } from "vitest";
import type { TestServer } from "./harness";
import type { TestResponse } from "./test-client";

/** A 400 whose first field error names `field`: how a test checks that a request was refused for one field. */
export function expectFieldRefused(response: TestResponse, field: string): void {
  expect(response.status).toBe(400);
  expect(response.problem.errors![0]!.field).toBe(field);
}

/** An admin's read: a customer gets 403, a caller without a session 401. */
export async function expectAdminsOnly(server: TestServer, path: string): Promise<void> {
  const customer = await server.createUser();
  expect((await customer.client.get(path)).status).toBe(403);
  expect((await server.anonymous().get(path)).status).toBe(401);
}
