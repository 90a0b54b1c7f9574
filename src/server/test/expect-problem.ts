import { expect } from "vitest";
import type { TestServer } from "./harness";
import type { TestResponse } from "./test-client";

/** An API error as a client reads it: the status, and the problem's title or detail word for word. */
export function expectProblem(response: TestResponse, status: number, says: { title?: string; detail?: string }): void {
  expect(response.status).toBe(status);
  for (const member of ["title", "detail"] as const) {
    if (member in says) expect(response.problem[member], member).toBe(says[member]);
  }
}

/** A 400 whose first field error names `field`: how a test checks that a request was refused for one field. */
export function expectFieldRefused(response: TestResponse, field: string): void {
  expect(response.status).toBe(400);
  expect(response.problem.errors![0]!.field).toBe(field);
}

/** A 400 whose field errors name exactly `fields`, in order: stricter than `expectFieldRefused`, which reads only the first. */
export function expectFieldsRefused(response: TestResponse, fields: string[]): void {
  expect(response.status).toBe(400);
  expect(response.problem.errors?.map((error) => error.field)).toEqual(fields);
}

/** An admin's read: a customer gets 403, a caller without a session 401. */
export async function expectAdminsOnly(server: TestServer, path: string): Promise<void> {
  const customer = await server.createUser();
  expect((await customer.client.get(path)).status).toBe(403);
  expect((await server.anonymous().get(path)).status).toBe(401);
}
